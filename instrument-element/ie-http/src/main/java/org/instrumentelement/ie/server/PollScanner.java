package org.instrumentelement.ie.server;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.instrumentelement.ie.soap.types.GetAttribute;
import org.instrumentelement.ie.soap.types.GetAttributes;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.ie.soap.types.VectorEncoding;

/**
 * Reads the plainest poll bodies byte by byte, without a general XML parser: an optional XML
 * declaration (version 1.0, UTF-8), then {@code Envelope}, {@code Body} and the operation with its
 * children, each child holding printable ASCII text, with namespace declarations as the only
 * attributes and whitespace between tags. That is how SOAP toolkits write a poll, and reading it so
 * costs a fraction of what a pull parser costs. Anything beyond that narrow subset (another
 * character, a reference, a comment, an empty tag, an unknown element or attribute) makes this
 * reader answer null and {@link PollRequest} reads the body with its pull parser, so a body taken
 * here is one that parser takes too, with the same result ({@code PollScannerTest} compares them on
 * mutated bodies).
 */
final class PollScanner {
  private static final byte[] IE = Namespaces.IE.getBytes(StandardCharsets.US_ASCII);
  private static final byte[] SOAP = PollRequest.SOAP_11.getBytes(StandardCharsets.US_ASCII);
  private static final byte[] XML_DECLARATION = ascii("<?xml");
  private static final int MAX_SCOPES = 16;

  private final byte[] b;
  private int p;

  /** Namespace declarations in scope: prefix (empty for the default) and URI bytes. */
  private final byte[][] prefixes = new byte[MAX_SCOPES][];

  private final byte[][] uris = new byte[MAX_SCOPES][];
  private int declared;

  /** A start tag's name as written (for its end tag) and where its local name starts. */
  private int nameStart;

  private int nameEnd;
  private int localStart;

  private PollScanner(byte[] body) {
    this.b = body;
  }

  /** The request in {@code body}, or null if it is not in the subset read here. */
  static PollRequest scan(byte[] body) {
    try {
      return new PollScanner(body).request();
    } catch (IndexOutOfBoundsException | NotPlain e) {
      // ran off the end, or out of the subset
      return null;
    }
  }

  /** Thrown for anything outside the subset; never leaves this class. */
  private static final class NotPlain extends Exception {
    private static final long serialVersionUID = 1L;
    static final NotPlain INSTANCE = new NotPlain();

    private NotPlain() {
      super(null, null, false, false);
    }
  }

  private static NotPlain notPlain() {
    return NotPlain.INSTANCE;
  }

  private PollRequest request() throws NotPlain {
    xmlDeclaration();
    space();
    int[] envelope = start(SOAP, "Envelope");
    space();
    int[] body = start(SOAP, "Body");
    space();
    int[] op = startIn(IE);
    String operation = local();
    if (!operation.equals("getAttribute") && !operation.equals("getAttributes")) {
      throw notPlain();
    }
    List<String> names = new ArrayList<>();
    List<String> texts = new ArrayList<>();
    while (true) {
      space();
      if (at("</")) {
        end(op);
        break;
      }
      int[] child = startIn(IE);
      names.add(local());
      texts.add(text());
      end(child);
      if (names.size() > PollRequest.MAX_ATTRIBUTES + 3) {
        throw notPlain();
      }
    }
    space();
    end(body);
    space();
    end(envelope);
    space();
    if (p != b.length) {
      throw notPlain();
    }
    return operation.equals("getAttribute")
        ? getAttribute(names, texts)
        : getAttributes(names, texts);
  }

  private static PollRequest getAttribute(List<String> names, List<String> texts) throws NotPlain {
    if (names.size() < 2 || !names.get(0).equals("im") || !names.get(1).equals("attribute")) {
      throw notPlain();
    }
    GetAttribute r = new GetAttribute();
    r.im = notBlank(texts.get(0));
    r.attribute = notBlank(texts.get(1));
    Long maxAge = tail(names, texts, 2, e -> r.encoding = e);
    r.maxAge = maxAge;
    return new PollRequest("getAttribute", r, maxAge != null && maxAge > 0);
  }

  private static PollRequest getAttributes(List<String> names, List<String> texts) throws NotPlain {
    if (names.size() < 2 || !names.get(0).equals("im")) {
      throw notPlain();
    }
    GetAttributes r = new GetAttributes();
    r.im = notBlank(texts.get(0));
    List<String> attributes = new ArrayList<>();
    int i = 1;
    while (i < names.size() && names.get(i).equals("attribute")) {
      attributes.add(notBlank(texts.get(i)));
      i++;
    }
    if (attributes.isEmpty() || attributes.size() > PollRequest.MAX_ATTRIBUTES) {
      throw notPlain();
    }
    r.attribute = attributes;
    Long maxAge = tail(names, texts, i, e -> r.encoding = e);
    r.maxAge = maxAge;
    return new PollRequest("getAttributes", r, maxAge != null && maxAge > 0);
  }

  /** The optional encoding and maxAge from {@code i} on, and nothing after them. */
  private static Long tail(
      List<String> names,
      List<String> texts,
      int i,
      java.util.function.Consumer<VectorEncoding> encoding)
      throws NotPlain {
    if (i < names.size() && names.get(i).equals("encoding")) {
      String e = texts.get(i++);
      if (!e.equals("XML") && !e.equals("BINARY")) {
        throw notPlain();
      }
      encoding.accept(VectorEncoding.valueOf(e));
    }
    Long maxAge = null;
    if (i < names.size() && names.get(i).equals("maxAge")) {
      String age = texts.get(i++);
      if (age.isEmpty() || age.length() > 12) {
        throw notPlain();
      }
      for (int k = 0; k < age.length(); k++) {
        char c = age.charAt(k);
        if (c < '0' || c > '9') {
          throw notPlain();
        }
      }
      maxAge = Long.parseLong(age);
    }
    if (i != names.size()) {
      throw notPlain();
    }
    return maxAge;
  }

  private static String notBlank(String s) throws NotPlain {
    if (s.isBlank()) {
      throw notPlain();
    }
    return s;
  }

  /** {@code <?xml version="1.0" [encoding="UTF-8"] [standalone="yes|no"]?>}, if there is one. */
  private void xmlDeclaration() throws NotPlain {
    if (!at(XML_DECLARATION)) {
      return;
    }
    p += XML_DECLARATION.length;
    requiredSpace();
    pseudo("version");
    if (!value().equals("1.0")) {
      throw notPlain();
    }
    boolean spaced = space();
    if (spaced && b[p] == 'e') {
      pseudo("encoding");
      if (!value().equalsIgnoreCase("UTF-8")) {
        throw notPlain();
      }
      spaced = space();
    }
    if (spaced && b[p] == 's') {
      pseudo("standalone");
      String s = value();
      if (!s.equals("yes") && !s.equals("no")) {
        throw notPlain();
      }
      space();
    }
    if (!at("?>")) {
      throw notPlain();
    }
    p += 2;
  }

  private void pseudo(String name) throws NotPlain {
    for (int i = 0; i < name.length(); i++) {
      if (b[p++] != name.charAt(i)) {
        throw notPlain();
      }
    }
    equals();
  }

  /** {@code S? = S?} */
  private void equals() throws NotPlain {
    space();
    if (b[p++] != '=') {
      throw notPlain();
    }
    space();
  }

  /** A quoted value of printable ASCII without {@code < &}. */
  private String value() throws NotPlain {
    int from = quoted();
    return new String(b, from, p - 1 - from, StandardCharsets.US_ASCII);
  }

  /** Reads a quoted value; returns where it starts, leaving {@code p} after the closing quote. */
  private int quoted() throws NotPlain {
    byte quote = b[p++];
    if (quote != '"' && quote != '\'') {
      throw notPlain();
    }
    int from = p;
    while (b[p] != quote) {
      byte c = b[p];
      if (c < 0x20 || c > 0x7e || c == '<' || c == '&') {
        throw notPlain();
      }
      p++;
    }
    p++;
    return from;
  }

  /** A start tag of {@code local} in {@code ns}; returns its scope for {@link #end}. */
  private int[] start(byte[] ns, String local) throws NotPlain {
    int[] tag = startIn(ns);
    if (!local().equals(local)) {
      throw notPlain();
    }
    return tag;
  }

  /**
   * A start tag (not empty) in {@code ns} whose attributes are namespace declarations only.
   *
   * @return the name's position and length as written, and the declarations before it
   */
  private int[] startIn(byte[] ns) throws NotPlain {
    if (b[p++] != '<') {
      throw notPlain();
    }
    int scope = declared;
    name();
    int[] tag = {nameStart, nameEnd, scope};
    int tagLocal = localStart;
    while (true) {
      boolean spaced = space();
      if (b[p] == '>') {
        p++;
        break;
      }
      if (!spaced) {
        throw notPlain(); // an empty tag, or attributes run together
      }
      namespaceDeclaration(scope);
    }
    nameStart = tag[0];
    nameEnd = tag[1];
    localStart = tagLocal;
    if (!Arrays.equals(uri(nameStart, localStart), ns)) {
      throw notPlain();
    }
    return tag;
  }

  /** {@code xmlns="..."} or {@code xmlns:prefix="..."} (non-empty), no name declared twice. */
  private void namespaceDeclaration(int scope) throws NotPlain {
    name();
    int length = nameEnd - nameStart;
    byte[] prefix;
    if (localStart == nameStart && length == 5 && at(nameStart, "xmlns")) {
      prefix = new byte[0];
    } else if (localStart - nameStart == 6 && at(nameStart, "xmlns:")) {
      prefix = Arrays.copyOfRange(b, localStart, nameEnd);
      if (startsWithXml(prefix)) {
        throw notPlain();
      }
    } else {
      throw notPlain(); // an attribute: not in a plain poll
    }
    equals();
    int from = quoted();
    byte[] uri = Arrays.copyOfRange(b, from, p - 1);
    if (prefix.length > 0 && uri.length == 0) {
      throw notPlain();
    }
    for (int i = scope; i < declared; i++) {
      if (Arrays.equals(prefixes[i], prefix)) {
        throw notPlain();
      }
    }
    if (declared == MAX_SCOPES) {
      throw notPlain();
    }
    prefixes[declared] = prefix;
    uris[declared] = uri;
    declared++;
  }

  private static boolean startsWithXml(byte[] prefix) {
    return prefix.length >= 3
        && (prefix[0] | 0x20) == 'x'
        && (prefix[1] | 0x20) == 'm'
        && (prefix[2] | 0x20) == 'l';
  }

  /** The URI the prefix of the name at {@code from} (up to the local name) is bound to. */
  private byte[] uri(int from, int local) throws NotPlain {
    int length = local == from ? 0 : local - from - 1;
    for (int i = declared - 1; i >= 0; i--) {
      if (prefixes[i].length == length
          && Arrays.equals(prefixes[i], 0, length, b, from, from + length)) {
        return uris[i];
      }
    }
    if (length == 0) {
      return new byte[0]; // no default namespace
    }
    throw notPlain(); // an unbound prefix
  }

  /** An ASCII name, with at most one colon between a prefix and the local name. */
  private void name() throws NotPlain {
    nameStart = p;
    localStart = p;
    if (!nameStart(b[p])) {
      throw notPlain();
    }
    p++;
    while (true) {
      byte c = b[p];
      if (c == ':') {
        if (localStart != nameStart) {
          throw notPlain();
        }
        p++;
        localStart = p;
        if (!nameStart(b[p])) {
          throw notPlain();
        }
      } else if (!nameChar(c)) {
        break;
      }
      p++;
    }
    nameEnd = p;
  }

  private String local() {
    return new String(b, localStart, nameEnd - localStart, StandardCharsets.US_ASCII);
  }

  /** Text up to the next tag: printable ASCII but {@code & < > ]}, tabs and line feeds. */
  private String text() throws NotPlain {
    int from = p;
    while (b[p] != '<') {
      byte c = b[p];
      if ((c < 0x20 && c != '\t' && c != '\n') || c > 0x7e || c == '&' || c == '>' || c == ']') {
        throw notPlain();
      }
      p++;
    }
    return new String(b, from, p - from, StandardCharsets.US_ASCII);
  }

  /** The end tag of {@code tag}, leaving its declarations' scope. */
  private void end(int[] tag) throws NotPlain {
    if (b[p++] != '<' || b[p++] != '/') {
      throw notPlain();
    }
    int length = tag[1] - tag[0];
    if (!Arrays.equals(b, p, p + length, b, tag[0], tag[1])) {
      throw notPlain();
    }
    p += length;
    space();
    if (b[p++] != '>') {
      throw notPlain();
    }
    declared = tag[2];
  }

  /** Skips whitespace; whether there was any. */
  private boolean space() {
    int from = p;
    while (p < b.length && (b[p] == ' ' || b[p] == '\t' || b[p] == '\n' || b[p] == '\r')) {
      p++;
    }
    return p > from;
  }

  private void requiredSpace() throws NotPlain {
    if (!space()) {
      throw notPlain();
    }
  }

  private boolean at(String s) {
    return at(p, s);
  }

  private boolean at(int from, String s) {
    if (from + s.length() > b.length) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (b[from + i] != s.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private boolean at(byte[] s) {
    return p + s.length <= b.length && Arrays.equals(b, p, p + s.length, s, 0, s.length);
  }

  private static boolean nameStart(byte c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }

  private static boolean nameChar(byte c) {
    return nameStart(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
