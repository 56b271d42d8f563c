package org.instrumentelement.ie.soap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.instrumentelement.ie.soap.types.DoubleList;
import org.instrumentelement.ie.soap.types.DoubleText;
import org.instrumentelement.ie.soap.types.GetAttributeResponse;
import org.instrumentelement.ie.soap.types.InstantAdapter;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.ie.soap.types.Value;
import org.instrumentelement.ie.soap.types.ValueType;

/**
 * Writes a {@code getAttributeResponse} that carries a vector or a single scalar straight to the
 * response stream, in the same XML that JAXB writes for it, without JAXB's per-item strings and
 * copies: the doubles' text ({@link DoubleText}) goes directly into the output buffer, their base64
 * comes from the JDK's encoder in one piece, a scalar is printed as JAXB prints it. Polling is the
 * Instrument Element's hottest answer; every other answer (several values, an empty vector, a
 * string with surrogate characters, a vector answered as an MTOM attachment) is still written by
 * JAXB.
 */
public final class AttributeAnswer {
  private static final byte[] START =
      ascii("<getAttributeResponse xmlns=\"" + Namespaces.IE + "\"><value");
  private static final byte[] END = ascii("</value></getAttributeResponse>");
  private static final byte[] DOUBLES_START = ascii("<doubles>");
  private static final byte[] DOUBLES_END = ascii("</doubles>");
  private static final byte[] DATA_START = ascii("<data>");
  private static final byte[] DATA_END = ascii("</data>");
  private static final byte[] DOUBLE_START = ascii("<doubleValue>");
  private static final byte[] DOUBLE_END = ascii("</doubleValue>");
  private static final byte[] INTEGER_START = ascii("<integerValue>");
  private static final byte[] INTEGER_END = ascii("</integerValue>");
  private static final byte[] BOOLEAN_START = ascii("<booleanValue>");
  private static final byte[] BOOLEAN_END = ascii("</booleanValue>");
  private static final byte[] STRING_START = ascii("<stringValue>");
  private static final byte[] STRING_END = ascii("</stringValue>");

  private static final Base64.Encoder BASE64 = Base64.getEncoder();

  /** Bytes of a vector gathered before they are passed on to the stream. */
  private static final int CHUNK = 8192;

  /**
   * Largest base64 text encoded into a request thread's scratch array (a 2,500-double vector takes
   * 26,668 bytes); longer text gets an array of its own.
   */
  static final int SCRATCH_MAX = 64 * 1024;

  private static final ThreadLocal<byte[]> BASE64_SCRATCH =
      ThreadLocal.withInitial(() -> new byte[CHUNK]);

  /** A request thread's array that a vector's answer is gathered in, one answer at a time. */
  private static final ThreadLocal<byte[]> VECTOR_CHUNK =
      ThreadLocal.withInitial(() -> new byte[CHUNK]);

  /** The same for a scalar answer: the attributes and a short value fit. */
  private static final int SMALL = 512;

  private final OutputStream out;
  private final byte[] buf;
  private int pos;

  private AttributeAnswer(OutputStream out, byte[] buf) {
    this.out = out;
    this.buf = buf;
  }

  /**
   * Whether {@code part} is an answer this class writes: a {@link GetAttributeResponse} holding a
   * non-empty vector (as a {@link DoubleList} or as binary data) or exactly one scalar (a string
   * only if it is not empty and has no surrogate characters, which JAXB encodes its own way).
   */
  public static boolean handles(Object part) {
    if (!(part instanceof GetAttributeResponse r) || r.value == null) {
      return false;
    }
    Value v = r.value;
    int scalars =
        (v.doubleValue == null ? 0 : 1)
            + (v.integerValue == null ? 0 : 1)
            + (v.booleanValue == null ? 0 : 1)
            + (v.stringValue == null ? 0 : 1);
    if (scalars == 1) {
      return v.data == null
          && v.doubles == null
          && (v.stringValue == null || plainText(v.stringValue));
    }
    boolean oneVector =
        (v.data != null && v.doubles == null && v.data.length > 0 && v.data.length % 8 == 0)
            || (v.data == null
                && v.doubles instanceof DoubleList d
                && !d.isEmpty()
                && d.firstUnparsed() < 0);
    return v.type == ValueType.DOUBLE_ARRAY && scalars == 0 && oneVector;
  }

  /** Not empty, and no surrogate characters. */
  private static boolean plainText(String s) {
    if (s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (Character.isSurrogate(s.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Writes the answer, UTF-8, to {@code out}, which already holds the envelope up to the body.
   *
   * @throws IllegalArgumentException if {@link #handles} says no
   */
  public static void write(Object part, OutputStream out) throws IOException {
    if (!handles(part)) {
      throw new IllegalArgumentException("not an answer written here: " + part);
    }
    Value v = ((GetAttributeResponse) part).value;
    // A vector's chunk is this thread's (warm in its cache), not a new one per answer.
    byte[] buf = v.data != null || v.doubles != null ? VECTOR_CHUNK.get() : new byte[SMALL];
    new AttributeAnswer(out, buf).answer(v);
  }

  private void answer(Value v) throws IOException {
    put(START);
    attribute("name", v.name);
    attribute("type", v.type.name());
    attribute("timestamp", v.timestamp == null ? null : InstantAdapter.print(v.timestamp));
    attribute("quality", v.quality == null ? null : v.quality.name());
    attribute("length", v.length == null ? null : v.length.toString());
    attribute("units", v.units);
    attribute("provenance", v.provenance == null ? null : v.provenance.toString());
    room(1);
    buf[pos++] = '>';
    if (v.data != null) {
      put(DATA_START);
      base64(v.data);
      put(DATA_END);
    } else if (v.doubles != null) {
      put(DOUBLES_START);
      doubles(((DoubleList) v.doubles).values());
      put(DOUBLES_END);
    } else if (v.doubleValue != null) {
      scalar(DOUBLE_START, printDouble(v.doubleValue), DOUBLE_END);
    } else if (v.integerValue != null) {
      scalar(INTEGER_START, v.integerValue.toString(), INTEGER_END);
    } else if (v.booleanValue != null) {
      scalar(BOOLEAN_START, v.booleanValue.toString(), BOOLEAN_END);
    } else {
      put(STRING_START);
      put(escaped(v.stringValue, false));
      put(STRING_END);
    }
    put(END);
    out.write(buf, 0, pos);
    pos = 0;
  }

  private void doubles(double[] values) throws IOException {
    for (int i = 0; i < values.length; i++) {
      room(DoubleText.MAX_LENGTH + 1);
      if (i > 0) {
        buf[pos++] = ' ';
      }
      pos = DoubleText.format(values[i], buf, pos);
    }
  }

  /**
   * Standard base64 with padding, as xs:base64Binary and JAXB write it (no line breaks), by the
   * JDK's encoder: the JIT replaces its inner loop with vector instructions where the processor has
   * them (AVX-512 VBMI: about 40 times faster than a table per 12 bits).
   */
  private void base64(byte[] in) throws IOException {
    int length = 4 * ((in.length + 2) / 3);
    if (length > SCRATCH_MAX) {
      put(BASE64.encode(in));
      return;
    }
    // Into this thread's scratch array (warm in its cache), not a new one per answer.
    byte[] scratch = BASE64_SCRATCH.get();
    if (scratch.length < length) {
      scratch = new byte[Math.max(length, Math.min(SCRATCH_MAX, 2 * scratch.length))];
      BASE64_SCRATCH.set(scratch);
    }
    put(scratch, BASE64.encode(in, scratch));
  }

  /**
   * An attribute, left out when {@code value} is null, escaped as the service's JAXB escape handler
   * escapes attribute values ({@code & < > "}, carriage return and line feed).
   */
  private void attribute(String name, String value) throws IOException {
    if (value == null) {
      return;
    }
    room(name.length() + 3);
    buf[pos++] = ' ';
    for (int i = 0; i < name.length(); i++) {
      buf[pos++] = (byte) name.charAt(i);
    }
    buf[pos++] = '=';
    buf[pos++] = '"';
    put(escaped(value, true));
    room(1);
    buf[pos++] = '"';
  }

  private void scalar(byte[] start, String text, byte[] end) throws IOException {
    put(start);
    room(text.length());
    for (int i = 0; i < text.length(); i++) {
      buf[pos++] = (byte) text.charAt(i); // digits, signs, letters: ASCII
    }
    put(end);
  }

  /** A double as JAXB prints xs:double. */
  static String printDouble(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (d == Double.POSITIVE_INFINITY) {
      return "INF";
    }
    if (d == Double.NEGATIVE_INFINITY) {
      return "-INF";
    }
    return String.valueOf(d);
  }

  /**
   * Text escaped as the service's JAXB escape handler escapes it ({@code & < >} and carriage
   * return; in attribute values also {@code "} and line feed), in UTF-8.
   */
  private static byte[] escaped(String value, boolean attribute) {
    int i = 0;
    while (i < value.length()) {
      char c = value.charAt(i);
      if (c == '&' || c == '<' || c == '>' || c == '\r' || attribute && (c == '"' || c == '\n')) {
        break;
      }
      i++;
    }
    if (i == value.length()) {
      return value.getBytes(StandardCharsets.UTF_8);
    }
    StringBuilder b = new StringBuilder(value.length() + 16).append(value, 0, i);
    for (; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '\r' -> b.append("&#13;");
        case '"' -> b.append(attribute ? "&quot;" : "\"");
        case '\n' -> b.append(attribute ? "&#10;" : "\n");
        default -> b.append(c);
      }
    }
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  private void put(byte[] bytes) throws IOException {
    put(bytes, bytes.length);
  }

  /** The first {@code length} bytes of {@code bytes}. */
  private void put(byte[] bytes, int length) throws IOException {
    if (length > buf.length - pos) {
      out.write(buf, 0, pos);
      pos = 0;
      if (length > buf.length) {
        out.write(bytes, 0, length);
        return;
      }
    }
    System.arraycopy(bytes, 0, buf, pos, length);
    pos += length;
  }

  /** Makes room for {@code n} bytes (at most the buffer's size) in the buffer. */
  private void room(int n) throws IOException {
    if (buf.length - pos < n) {
      out.write(buf, 0, pos);
      pos = 0;
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
