package org.instrumentelement.ie.server;

import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.instrumentelement.ie.soap.types.GetAttribute;
import org.instrumentelement.ie.soap.types.GetAttributes;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.ie.soap.types.VectorEncoding;

/**
 * A plain getAttribute or getAttributes request, read from its bytes ({@link PollScanner} for the
 * plainest bodies, else a pull parser): a SOAP 1.1 envelope with no header, and in its body the
 * operation's elements in the schema's order, each holding only text. Whatever else a request holds
 * (a header, an attribute, an unknown or repeated element, a comment, a DTD, text out of place, a
 * value that is not exactly valid) makes it a request this reader does not take, and the generic
 * SOAP stack reads it instead, with every check and every fault it has.
 *
 * @param operation {@code getAttribute} or {@code getAttributes}
 * @param request the request as the service takes it: a {@link GetAttribute} or {@link
 *     GetAttributes}
 * @param maxAge whether it names a {@code maxAge} above 0 (its answer may be served again)
 */
record PollRequest(String operation, Object request, boolean maxAge) {
  static final String SOAP_11 = "http://schemas.xmlsoap.org/soap/envelope/";

  /** Most attributes the lane takes in one getAttributes (more: the generic path refuses them). */
  static final int MAX_ATTRIBUTES = 256;

  /**
   * A factory per thread: Woodstox's factory locks its symbol table for every reader it makes, on
   * which every poll's thread queued.
   */
  private static final ThreadLocal<XMLInputFactory> FACTORY =
      ThreadLocal.withInitial(PollRequest::factory);

  private static XMLInputFactory factory() {
    XMLInputFactory f = XMLInputFactory.newFactory();
    f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    f.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
    f.setProperty(XMLInputFactory.IS_COALESCING, false);
    return f;
  }

  /** The request in {@code body} (UTF-8), or null if it is not one this reader takes. */
  static PollRequest read(byte[] body) {
    PollRequest plain = PollScanner.scan(body);
    return plain != null ? plain : parse(body);
  }

  /** The request in {@code body} as the pull parser reads it, or null. */
  static PollRequest parse(byte[] body) {
    try {
      XMLStreamReader xml =
          FACTORY.get().createXMLStreamReader(new ByteArrayInputStream(body), "UTF-8");
      try {
        return read(xml);
      } finally {
        xml.close();
      }
    } catch (XMLStreamException | RuntimeException e) {
      return null; // the generic path reads it and says what is wrong
    }
  }

  private static PollRequest read(XMLStreamReader xml) throws XMLStreamException {
    String declared = xml.getCharacterEncodingScheme();
    if (declared != null && !declared.equalsIgnoreCase("UTF-8")) {
      return null;
    }
    if (!start(xml, SOAP_11, "Envelope") || !start(xml, SOAP_11, "Body")) {
      return null;
    }
    if (nextTag(xml) != XMLStreamConstants.START_ELEMENT
        || !Namespaces.IE.equals(xml.getNamespaceURI())
        || xml.getAttributeCount() != 0) {
      return null;
    }
    String operation = xml.getLocalName();
    PollRequest p;
    if (operation.equals("getAttribute")) {
      p = getAttribute(xml);
    } else if (operation.equals("getAttributes")) {
      p = getAttributes(xml);
    } else {
      return null;
    }
    if (p == null) {
      return null;
    }
    // the operation's end was read; then the body's, the envelope's, and nothing after
    if (nextTag(xml) != XMLStreamConstants.END_ELEMENT
        || nextTag(xml) != XMLStreamConstants.END_ELEMENT
        || nextTag(xml) != XMLStreamConstants.END_DOCUMENT) {
      return null;
    }
    return p;
  }

  private static PollRequest getAttribute(XMLStreamReader xml) throws XMLStreamException {
    GetAttribute r = new GetAttribute();
    Fields f = new Fields(xml);
    r.im = f.name("im");
    r.attribute = f.name("attribute");
    if (r.im == null || r.attribute == null || !f.tail()) {
      return null;
    }
    r.encoding = f.encoding;
    r.maxAge = f.maxAge;
    return new PollRequest("getAttribute", r, f.maxAge != null && f.maxAge > 0);
  }

  private static PollRequest getAttributes(XMLStreamReader xml) throws XMLStreamException {
    GetAttributes r = new GetAttributes();
    Fields f = new Fields(xml);
    r.im = f.name("im");
    if (r.im == null) {
      return null;
    }
    List<String> names = new ArrayList<>();
    String name;
    while ((name = f.name("attribute")) != null) {
      if (names.size() == MAX_ATTRIBUTES) {
        return null;
      }
      names.add(name);
    }
    if (names.isEmpty() || f.failed || !f.tail()) {
      return null; // none asked: a rare request, left to the generic path
    }
    r.attribute = names;
    r.encoding = f.encoding;
    r.maxAge = f.maxAge;
    return new PollRequest("getAttributes", r, f.maxAge != null && f.maxAge > 0);
  }

  /** The operation's child elements, read one at a time in the schema's order. */
  private static final class Fields {
    private final XMLStreamReader xml;
    private boolean pending; // a start tag read but not yet taken
    private boolean ended; // the operation's end tag read
    boolean failed;
    VectorEncoding encoding;
    Long maxAge;

    Fields(XMLStreamReader xml) {
      this.xml = xml;
    }

    /** The text of the next element if it is {@code local}, not blank; else null. */
    String name(String local) throws XMLStreamException {
      String t = text(local);
      if (t == null || t.isBlank()) {
        failed |= t != null;
        return null;
      }
      return t;
    }

    /** The optional encoding and maxAge, then the operation's end: whether all was as expected. */
    boolean tail() throws XMLStreamException {
      if (failed) {
        return false;
      }
      String e = text("encoding");
      if (e != null) {
        if (!e.equals("XML") && !e.equals("BINARY")) {
          return false;
        }
        encoding = VectorEncoding.valueOf(e);
      }
      String age = failed ? null : text("maxAge");
      if (age != null) {
        if (age.isEmpty() || age.length() > 12 || !age.chars().allMatch(Character::isDigit)) {
          return false; // negative, signed, spaced or huge: the generic path says what is wrong
        }
        maxAge = Long.parseLong(age);
      }
      if (failed) {
        return false;
      }
      if (!ended) {
        if (pending || nextTag(xml) != XMLStreamConstants.END_ELEMENT) {
          return false;
        }
        ended = true;
      }
      return true;
    }

    /**
     * The text of the next child if it is the element {@code local} (in the IE's namespace, without
     * attributes, holding only text); null if the next child is another element or the operation
     * ends (left for the next call), marking the read failed for anything else.
     */
    private String text(String local) throws XMLStreamException {
      if (failed || ended) {
        return null;
      }
      if (!pending) {
        int event = nextTag(xml);
        if (event == XMLStreamConstants.END_ELEMENT) {
          ended = true;
          return null;
        }
        if (event != XMLStreamConstants.START_ELEMENT) {
          failed = true;
          return null;
        }
        pending = true;
      }
      if (!local.equals(xml.getLocalName())) {
        return null;
      }
      pending = false;
      if (!Namespaces.IE.equals(xml.getNamespaceURI()) || xml.getAttributeCount() != 0) {
        failed = true;
        return null;
      }
      StringBuilder b = new StringBuilder();
      while (true) {
        int event = xml.next();
        if (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.SPACE) {
          b.append(xml.getTextCharacters(), xml.getTextStart(), xml.getTextLength());
        } else if (event == XMLStreamConstants.END_ELEMENT) {
          return b.toString();
        } else {
          failed = true; // a child element, a comment, an entity, CDATA: not for this lane
          return null;
        }
      }
    }
  }

  /**
   * The next start or end tag or the document's end, skipping whitespace only; anything else (text,
   * a comment, a processing instruction, a DTD) is returned as it is, for the caller to refuse.
   */
  private static int nextTag(XMLStreamReader xml) throws XMLStreamException {
    while (xml.hasNext()) {
      int event = xml.next();
      if ((event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.SPACE)
          && xml.isWhiteSpace()) {
        continue;
      }
      return event;
    }
    return XMLStreamConstants.END_DOCUMENT;
  }

  /** Whether the next tag starts {@code local} in {@code ns}, with namespace declarations only. */
  private static boolean start(XMLStreamReader xml, String ns, String local)
      throws XMLStreamException {
    return nextTag(xml) == XMLStreamConstants.START_ELEMENT
        && ns.equals(xml.getNamespaceURI())
        && local.equals(xml.getLocalName())
        && xml.getAttributeCount() == 0;
  }
}
