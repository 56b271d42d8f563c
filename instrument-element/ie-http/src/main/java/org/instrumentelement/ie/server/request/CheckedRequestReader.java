package org.instrumentelement.ie.server.request;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Locale;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.stream.Location;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;
import org.instrumentelement.ie.contract.FaultCode;

/**
 * Reads a SOAP 1.1 request and refuses it, as the events stream past, where it leaves the shape of
 * this endpoint's requests: an envelope with an optional header and one body holding one known
 * operation element; in it only the elements of that operation's message, each at most once unless
 * it is a list; typed text that is a valid value of its type; no DTD, no undefined entity, no
 * {@code xsi:type}; at most {@link #MAX_ATTRIBUTES} attributes and namespace declarations on an
 * element. Every check is a lookup or a comparison per event, so the cost per request stays a small
 * fraction of parsing it.
 *
 * <p>Read from the start of the document, through {@link #next()}: {@link #nextTag()} and {@link
 * #getElementText()} are implemented on it, so no event escapes the checks.
 */
public final class CheckedRequestReader extends StreamReaderDelegate {
  static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
  static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
  static final String XOP = "http://www.w3.org/2004/08/xop/include";

  /** Most attributes plus namespace declarations on one element. */
  public static final int MAX_ATTRIBUTES = 64;

  /** Longest text accepted for a number, boolean, date or enumeration name. */
  static final int MAX_VALUE_TEXT = 256;

  /** Longest request text quoted back in a message. */
  static final int QUOTE = 40;

  private static final FaultCode MALFORMED = FaultCode.MALFORMED_REQUEST;

  private final Map<String, RequestShape> operations;
  private final String namespace;
  private final AttachmentLookup attachments;

  private int depth;
  private boolean inHeader;
  private boolean headerSeen;
  private boolean bodySeen;
  private boolean operationSeen;

  /** The open elements from the operation element down. */
  private final ArrayDeque<Frame> frames = new ArrayDeque<>();

  /** An open element inside the operation: what it may hold, and what it held so far. */
  private static final class Frame {
    final String name;
    final RequestShape shape;
    final LeafType leaf;
    final boolean include;
    long seen;
    StringBuilder text;
    Base64Text base64;
    boolean referenced;

    Frame(String name, RequestShape shape, LeafType leaf, boolean include) {
      this.name = name;
      this.shape = shape;
      this.leaf = leaf;
      this.include = include;
      if (leaf != null && leaf.checked()) {
        text = new StringBuilder();
      } else if (leaf != null && leaf.kind() == LeafType.Kind.BASE64) {
        base64 = new Base64Text();
      }
    }
  }

  /** Finds the MTOM attachment an {@code xop:Include} names. */
  public interface AttachmentLookup {
    /**
     * Whether the request has a part with this Content-ID (without {@code cid:}).
     *
     * @throws RequestRefused if the parts cannot be read
     */
    boolean has(String contentId) throws RequestRefused;
  }

  /**
   * @param reader a reader at the start of the document
   * @param operations the request element of each operation, by local name
   * @param namespace the namespace of the API's elements
   */
  public CheckedRequestReader(
      XMLStreamReader reader,
      Map<String, RequestShape> operations,
      String namespace,
      AttachmentLookup attachments) {
    super(reader);
    this.operations = operations;
    this.namespace = namespace;
    this.attachments = attachments;
  }

  @Override
  public int next() throws XMLStreamException {
    try {
      return checked(super.next());
    } catch (RuntimeException e) {
      // Woodstox reads text lazily and reports a malformed byte in it (one that is not UTF-8) as
      // an unchecked WstxLazyException from the first call that needs the text (isWhiteSpace,
      // getText...): the reading failure it wraps is what callers of a stream reader expect.
      if (e.getCause() instanceof XMLStreamException x) {
        throw x;
      }
      throw e;
    }
  }

  private int checked(int event) throws XMLStreamException {
    switch (event) {
      case XMLStreamConstants.START_ELEMENT -> start();
      case XMLStreamConstants.END_ELEMENT -> end();
      case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
          text();
      case XMLStreamConstants.DTD ->
          refuse(
              MALFORMED,
              "a DTD (<!DOCTYPE ...>) is not accepted: no entity declarations, no external"
                  + " references");
      case XMLStreamConstants.ENTITY_REFERENCE ->
          refuse(MALFORMED, "undefined entity &" + quote(getLocalName()) + ";" + at());
      default -> {
        // comments, processing instructions, the end of the document
      }
    }
    return event;
  }

  @Override
  public int nextTag() throws XMLStreamException {
    int event = next();
    while (event == XMLStreamConstants.COMMENT
        || event == XMLStreamConstants.PROCESSING_INSTRUCTION
        || event == XMLStreamConstants.SPACE
        || (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA)
            && isWhiteSpace()) {
      event = next();
    }
    if (event != XMLStreamConstants.START_ELEMENT && event != XMLStreamConstants.END_ELEMENT) {
      refuse(MALFORMED, "an element was expected" + at());
    }
    return event;
  }

  @Override
  public String getElementText() throws XMLStreamException {
    if (getEventType() != XMLStreamConstants.START_ELEMENT) {
      refuse(MALFORMED, "an element with text was expected" + at());
    }
    StringBuilder text = new StringBuilder();
    for (int event = next(); event != XMLStreamConstants.END_ELEMENT; event = next()) {
      switch (event) {
        case XMLStreamConstants.CHARACTERS,
                XMLStreamConstants.CDATA,
                XMLStreamConstants.SPACE,
                XMLStreamConstants.ENTITY_REFERENCE ->
            text.append(getText());
        case XMLStreamConstants.COMMENT, XMLStreamConstants.PROCESSING_INSTRUCTION -> {}
        default -> refuse(MALFORMED, "text only was expected in " + name() + at());
      }
    }
    return text.toString();
  }

  private void start() throws RequestRefused {
    depth++;
    int attributes = getAttributeCount() + getNamespaceCount();
    if (attributes > MAX_ATTRIBUTES) {
      refuse(
          FaultCode.REQUEST_TOO_LARGE,
          name()
              + " has "
              + attributes
              + " attributes and namespace declarations; at most "
              + MAX_ATTRIBUTES
              + at());
    }
    String ns = getNamespaceURI();
    String local = getLocalName();
    if (depth == 1) {
      envelope(ns, local);
    } else if (depth == 2) {
      envelopeChild(ns, local);
    } else if (inHeader) {
      if (depth == 3) {
        header();
      }
    } else if (depth == 3) {
      operation(ns, local);
    } else {
      content(ns, local);
    }
  }

  private void envelope(String ns, String local) throws RequestRefused {
    if (SOAP11.equals(ns) && local.equals("Envelope")) {
      return;
    }
    if (SOAP12.equals(ns)) {
      refuse(
          MALFORMED,
          "a SOAP 1.2 envelope: this endpoint takes SOAP 1.1 (envelope namespace "
              + SOAP11
              + ", Content-Type text/xml)");
    }
    refuse(
        MALFORMED,
        "the request is not a SOAP 1.1 envelope: it starts with "
            + name()
            + " instead of Envelope in "
            + SOAP11);
  }

  private void envelopeChild(String ns, String local) throws RequestRefused {
    if (SOAP11.equals(ns) && local.equals("Header") && !headerSeen && !bodySeen) {
      headerSeen = true;
      inHeader = true;
    } else if (SOAP11.equals(ns) && local.equals("Body") && !bodySeen) {
      bodySeen = true;
    } else {
      refuse(
          MALFORMED,
          "unexpected "
              + name()
              + " in the SOAP envelope, which holds an optional Header and then one Body"
              + at());
    }
  }

  private void header() throws RequestRefused {
    String mustUnderstand = getAttributeValue(SOAP11, "mustUnderstand");
    if (mustUnderstand != null
        && (LeafType.collapse(mustUnderstand).equals("1")
            || LeafType.collapse(mustUnderstand).equals("true"))) {
      refuse(
          MALFORMED,
          "the SOAP header "
              + name()
              + " is marked mustUnderstand, and this endpoint understands no SOAP headers");
    }
  }

  private void operation(String ns, String local) throws RequestRefused {
    if (operationSeen) {
      refuse(MALFORMED, "the SOAP body holds more than one operation element" + at());
    }
    operationSeen = true;
    RequestShape shape = namespace.equals(ns) ? operations.get(local) : null;
    if (shape == null) {
      refuse(
          MALFORMED,
          namespace.equals(ns)
              ? "this endpoint has no operation " + name()
              : "this endpoint has no operation "
                  + name()
                  + ": its operations are in the namespace "
                  + namespace);
    }
    frames.push(new Frame(local, shape, null, false));
    attributes(shape);
  }

  private void content(String ns, String local) throws RequestRefused {
    Frame parent = frames.peek();
    if (parent.include) {
      refuse(MALFORMED, "xop:Include holds " + name() + "; it must be empty" + at());
    }
    if (parent.leaf != null) {
      include(parent, ns, local);
      return;
    }
    RequestShape.Child c = namespace.equals(ns) ? parent.shape.child(local) : null;
    if (c == null) {
      refuse(
          MALFORMED,
          "unexpected element "
              + name()
              + " in "
              + parent.name
              + (parent.shape.childNames().isEmpty()
                  ? ", which holds no elements"
                  : " (it may hold " + String.join(", ", parent.shape.childNames()) + ")")
              + at());
    }
    if (!c.repeated()) {
      long bit = 1L << c.index();
      if ((parent.seen & bit) != 0) {
        refuse(MALFORMED, local + " is given twice in " + parent.name + at());
      }
      parent.seen |= bit;
    }
    if (c.shape() != null) {
      frames.push(new Frame(local, c.shape(), null, false));
      attributes(c.shape());
    } else {
      frames.push(new Frame(local, null, c.leaf(), false));
      noXsiType();
    }
  }

  /** An element inside a leaf: only an MTOM reference where base64 is expected. */
  private void include(Frame leaf, String ns, String local) throws RequestRefused {
    if (leaf.leaf.kind() != LeafType.Kind.BASE64
        || !XOP.equals(ns)
        || !local.equals("Include")
        || leaf.referenced) {
      refuse(
          MALFORMED,
          "element "
              + name()
              + " inside "
              + leaf.name
              + ", which holds "
              + (leaf.leaf.kind() == LeafType.Kind.BASE64 ? "base64 or one xop:Include" : "text")
              + " only"
              + at());
    }
    leaf.referenced = true;
    String href = getAttributeValue(null, "href");
    if (href == null || !href.startsWith("cid:")) {
      refuse(
          MALFORMED,
          "the MTOM reference "
              + (href == null ? "without href" : "'" + quote(href) + "'")
              + " in "
              + leaf.name
              + " is not a cid: reference to a part of this request");
    }
    String id;
    try {
      id = URLDecoder.decode(href.substring(4), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) { // a '%' not followed by two hex digits
      refuse(
          MALFORMED,
          "the MTOM reference '"
              + quote(href)
              + "' in "
              + leaf.name
              + " is not a cid: reference: a % is not followed by two hex digits");
      return;
    }
    if (!attachments.has(id)) {
      refuse(
          MALFORMED,
          "the MTOM reference '"
              + quote(href)
              + "' in "
              + leaf.name
              + " names no part of this request");
    }
    frames.push(new Frame("xop:Include", null, null, true));
  }

  private void attributes(RequestShape shape) throws RequestRefused {
    noXsiType();
    Map<String, LeafType> typed = shape.attributes();
    if (typed.isEmpty()) {
      return;
    }
    for (int i = 0; i < getAttributeCount(); i++) {
      String ns = getAttributeNamespace(i);
      LeafType type = ns == null || ns.isEmpty() ? typed.get(getAttributeLocalName(i)) : null;
      if (type != null && type.checked()) {
        String value = getAttributeValue(i);
        String problem = type.problem(value);
        if (problem != null) {
          refuse(
              FaultCode.WRONG_TYPE,
              getAttributeLocalName(i) + ": '" + quote(value) + "' " + problem);
        }
      }
    }
  }

  private void noXsiType() throws RequestRefused {
    if (getAttributeValue(XMLConstants.W3C_XML_SCHEMA_INSTANCE_NS_URI, "type") != null) {
      refuse(
          MALFORMED,
          "xsi:type on " + name() + " is not accepted: each element has the one type of the WSDL");
    }
  }

  private void end() throws RequestRefused {
    if (depth == 1 && !bodySeen) {
      refuse(MALFORMED, "the SOAP envelope has no Body");
    } else if (depth == 2) {
      if (inHeader) {
        inHeader = false;
      } else if (!operationSeen) {
        refuse(MALFORMED, "the SOAP body is empty: it must hold one operation element");
      }
    } else if (!inHeader && depth >= 3) {
      Frame f = frames.pop();
      if (f.leaf != null) {
        leafEnd(f);
      }
    }
    depth--;
  }

  private void leafEnd(Frame f) throws RequestRefused {
    if (f.text != null) {
      String text = f.text.toString();
      String problem =
          text.length() > MAX_VALUE_TEXT
              ? "is too long for " + f.leaf.kind().name().toLowerCase(Locale.ROOT)
              : f.leaf.problem(text);
      if (problem != null) {
        refuse(FaultCode.WRONG_TYPE, f.name + ": '" + quote(text) + "' " + problem);
      }
    } else if (f.base64 != null) {
      if (f.referenced && f.base64.characters() > 0) {
        refuse(MALFORMED, f.name + " holds both base64 text and an MTOM reference");
      }
      if (!f.base64.valid()) {
        refuse(
            FaultCode.WRONG_TYPE,
            f.name
                + " is not valid base64 (A-Z, a-z, 0-9, + and / in groups of four, '=' only as"
                + " padding at the end)");
      }
    }
  }

  private void text() throws RequestRefused {
    Frame f = frames.peek();
    if (f == null) {
      if (depth <= 2 && !inHeader && !isWhiteSpace()) {
        refuse(
            MALFORMED,
            "text in the SOAP "
                + (depth == 1 ? "envelope" : "body")
                + ", where only elements belong"
                + at());
      }
    } else if (f.leaf == null) {
      if (!isWhiteSpace()) {
        refuse(MALFORMED, "text in " + f.name + ", which holds elements only" + at());
      }
    } else if (f.text != null) {
      if (f.text.length() <= MAX_VALUE_TEXT) {
        f.text.append(getTextCharacters(), getTextStart(), getTextLength());
      }
    } else if (f.base64 != null) {
      f.base64.accept(getTextCharacters(), getTextStart(), getTextLength());
    }
  }

  /** The current element's name as written, quoted and cut short if long. */
  private String name() {
    String prefix = getPrefix();
    String local = getLocalName();
    return "'" + quote(prefix == null || prefix.isEmpty() ? local : prefix + ":" + local) + "'";
  }

  private String at() {
    Location l = getLocation();
    return l == null || l.getLineNumber() < 0
        ? ""
        : " (line " + l.getLineNumber() + ", column " + l.getColumnNumber() + ")";
  }

  private static String quote(String text) {
    return RequestRefused.quote(text, QUOTE);
  }

  private static void refuse(FaultCode code, String message) throws RequestRefused {
    throw new RequestRefused(code, message);
  }
}
