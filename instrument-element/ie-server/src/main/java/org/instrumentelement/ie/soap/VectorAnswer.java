package org.instrumentelement.ie.soap;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.instrumentelement.ie.soap.types.DoubleList;
import org.instrumentelement.ie.soap.types.DoubleText;
import org.instrumentelement.ie.soap.types.GetAttributeResponse;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.ie.soap.types.Value;
import org.instrumentelement.ie.soap.types.ValueType;

/**
 * Writes a {@code getAttributeResponse} that carries a vector straight to the response stream, in
 * the same XML that JAXB writes for it, without JAXB's per-item strings and copies: the doubles'
 * text ({@link DoubleText}) or their base64 goes directly into the output buffer. Polling a vector
 * is the Instrument Element's hottest answer; every other answer, and a vector answered as an MTOM
 * attachment, is still written by JAXB.
 */
public final class VectorAnswer {
  private static final byte[] START =
      ascii("<getAttributeResponse xmlns=\"" + Namespaces.IE + "\"><value");
  private static final byte[] END = ascii("</value></getAttributeResponse>");
  private static final byte[] DOUBLES_START = ascii("<doubles>");
  private static final byte[] DOUBLES_END = ascii("</doubles>");
  private static final byte[] DATA_START = ascii("<data>");
  private static final byte[] DATA_END = ascii("</data>");

  private static final byte[] ALPHABET =
      ascii("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/");

  /** The two base64 characters of every 12-bit group, the first in the high byte. */
  private static final int[] PAIRS = new int[1 << 12];

  static {
    for (int i = 0; i < PAIRS.length; i++) {
      PAIRS[i] = ALPHABET[i >>> 6] << 8 | ALPHABET[i & 63];
    }
  }

  private static final VarHandle BIG_ENDIAN_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /** Bytes gathered before they are passed on to the stream. */
  private static final int CHUNK = 8192;

  private final OutputStream out;
  private final byte[] buf = new byte[CHUNK];
  private int pos;

  private VectorAnswer(OutputStream out) {
    this.out = out;
  }

  /**
   * Whether {@code part} is an answer this class writes: a {@link GetAttributeResponse} holding a
   * non-empty vector, as a {@link DoubleList} or as binary data.
   */
  public static boolean handles(Object part) {
    if (!(part instanceof GetAttributeResponse r) || r.value == null) {
      return false;
    }
    Value v = r.value;
    boolean scalarsAbsent =
        v.doubleValue == null
            && v.integerValue == null
            && v.booleanValue == null
            && v.stringValue == null;
    boolean oneVector =
        (v.data != null && v.doubles == null && v.data.length > 0 && v.data.length % 8 == 0)
            || (v.data == null
                && v.doubles instanceof DoubleList d
                && !d.isEmpty()
                && d.firstUnparsed() < 0);
    return v.type == ValueType.DOUBLE_ARRAY && scalarsAbsent && oneVector;
  }

  /**
   * Writes the answer, UTF-8, to {@code out}, which already holds the envelope up to the body.
   *
   * @throws IllegalArgumentException if {@link #handles} says no
   */
  public static void write(Object part, OutputStream out) throws IOException {
    if (!handles(part)) {
      throw new IllegalArgumentException("not a vector answer: " + part);
    }
    new VectorAnswer(out).answer(((GetAttributeResponse) part).value);
  }

  private void answer(Value v) throws IOException {
    put(START);
    attribute("name", v.name);
    attribute("type", v.type.name());
    attribute("timestamp", v.timestamp == null ? null : v.timestamp.toString());
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
    } else {
      put(DOUBLES_START);
      doubles(((DoubleList) v.doubles).values());
      put(DOUBLES_END);
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

  /** Standard base64 with padding, as xs:base64Binary and JAXB write it (no line breaks). */
  private void base64(byte[] in) throws IOException {
    int i = 0;
    // Six bytes at a time (read as one long, written as one long of eight characters) while a
    // long can be read; then three at a time.
    int wide = in.length >= 8 ? (in.length - 8) / 6 * 6 + 6 : 0;
    while (i < wide) {
      room(8);
      int steps = Math.min((wide - i) / 6, (CHUNK - pos) / 8);
      int p = pos;
      for (int s = 0; s < steps; s++, i += 6, p += 8) {
        long x = (long) BIG_ENDIAN_LONG.get(in, i);
        long chars =
            (long) PAIRS[(int) (x >>> 52)] << 48
                | (long) PAIRS[(int) (x >>> 40) & 0xFFF] << 32
                | (long) PAIRS[(int) (x >>> 28) & 0xFFF] << 16
                | PAIRS[(int) (x >>> 16) & 0xFFF];
        BIG_ENDIAN_LONG.set(buf, p, chars);
      }
      pos = p;
    }
    int whole = in.length - in.length % 3;
    while (i < whole) {
      room(4);
      int b = (in[i] & 0xFF) << 16 | (in[i + 1] & 0xFF) << 8 | (in[i + 2] & 0xFF);
      int hi = PAIRS[b >>> 12];
      int lo = PAIRS[b & 0xFFF];
      buf[pos++] = (byte) (hi >> 8);
      buf[pos++] = (byte) hi;
      buf[pos++] = (byte) (lo >> 8);
      buf[pos++] = (byte) lo;
      i += 3;
    }
    int rest = in.length - whole;
    if (rest > 0) {
      room(4);
      int b = (in[i] & 0xFF) << 16 | (rest == 2 ? (in[i + 1] & 0xFF) << 8 : 0);
      buf[pos++] = ALPHABET[b >>> 18];
      buf[pos++] = ALPHABET[(b >>> 12) & 63];
      buf[pos++] = rest == 2 ? ALPHABET[(b >>> 6) & 63] : (byte) '=';
      buf[pos++] = '=';
    }
  }

  /**
   * An attribute, left out when {@code value} is null, escaped as the service's JAXB escape handler
   * escapes attribute values ({@code & < > "}, carriage return and line feed).
   */
  private void attribute(String name, String value) throws IOException {
    if (value == null) {
      return;
    }
    StringBuilder b = new StringBuilder(name.length() + value.length() + 4);
    b.append(' ').append(name).append("=\"");
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\r' -> b.append("&#13;");
        case '\n' -> b.append("&#10;");
        default -> b.append(c);
      }
    }
    put(b.append('"').toString().getBytes(StandardCharsets.UTF_8));
  }

  private void put(byte[] bytes) throws IOException {
    if (bytes.length > CHUNK - pos) {
      out.write(buf, 0, pos);
      pos = 0;
      if (bytes.length > CHUNK) {
        out.write(bytes);
        return;
      }
    }
    System.arraycopy(bytes, 0, buf, pos, bytes.length);
    pos += bytes.length;
  }

  /** Makes room for {@code n} bytes (at most {@link #CHUNK}) in the buffer. */
  private void room(int n) throws IOException {
    if (CHUNK - pos < n) {
      out.write(buf, 0, pos);
      pos = 0;
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
