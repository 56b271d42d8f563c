package org.instrumentelement.ie.soap;

import java.io.IOException;
import java.io.OutputStream;
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
      AnswerBytes.ascii("<getAttributeResponse xmlns=\"" + Namespaces.IE + "\"><value");
  private static final byte[] END = AnswerBytes.ascii("</value></getAttributeResponse>");
  private static final byte[] DOUBLES_START = AnswerBytes.ascii("<doubles>");
  private static final byte[] DOUBLES_END = AnswerBytes.ascii("</doubles>");
  private static final byte[] DATA_START = AnswerBytes.ascii("<data>");
  private static final byte[] DATA_END = AnswerBytes.ascii("</data>");
  private static final byte[] DOUBLE_START = AnswerBytes.ascii("<doubleValue>");
  private static final byte[] DOUBLE_END = AnswerBytes.ascii("</doubleValue>");
  private static final byte[] INTEGER_START = AnswerBytes.ascii("<integerValue>");
  private static final byte[] INTEGER_END = AnswerBytes.ascii("</integerValue>");
  private static final byte[] BOOLEAN_START = AnswerBytes.ascii("<booleanValue>");
  private static final byte[] BOOLEAN_END = AnswerBytes.ascii("</booleanValue>");
  private static final byte[] STRING_START = AnswerBytes.ascii("<stringValue>");
  private static final byte[] STRING_END = AnswerBytes.ascii("</stringValue>");

  /** A request thread's array that a vector's answer is gathered in, one answer at a time. */
  private static final ThreadLocal<byte[]> VECTOR_CHUNK =
      ThreadLocal.withInitial(() -> new byte[AnswerBytes.CHUNK]);

  /** The same for a scalar answer: the attributes and a short value fit. */
  private static final int SMALL = 512;

  private final AnswerBytes b;

  private AttributeAnswer(OutputStream out, byte[] buf) {
    this.b = new AnswerBytes(out, buf);
  }

  /**
   * Whether {@code part} is an answer this class writes: a {@link GetAttributeResponse} holding a
   * non-empty vector (as a {@link DoubleList} or as binary data) or exactly one scalar (a string
   * only if it is not empty and has no surrogate characters, which JAXB encodes its own way).
   */
  public static boolean handles(Object part) {
    if (!(part instanceof GetAttributeResponse r) || r.value == null || r.value.codes != null) {
      return false; // a trace of codes: JAXB writes its attributes
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
    b.put(START);
    b.attribute("name", v.name);
    b.attribute("type", v.type.name());
    b.attribute("timestamp", v.timestamp == null ? null : InstantAdapter.print(v.timestamp));
    b.attribute("quality", v.quality == null ? null : v.quality.name());
    b.attribute("length", v.length == null ? null : v.length.toString());
    b.attribute("units", v.units);
    b.attribute("provenance", v.provenance == null ? null : v.provenance.toString());
    b.room(1);
    b.buf[b.pos++] = '>';
    if (v.data != null) {
      b.put(DATA_START);
      b.base64(v.data);
      b.put(DATA_END);
    } else if (v.doubles != null) {
      b.put(DOUBLES_START);
      doubles(((DoubleList) v.doubles).values());
      b.put(DOUBLES_END);
    } else if (v.doubleValue != null) {
      scalar(DOUBLE_START, printDouble(v.doubleValue), DOUBLE_END);
    } else if (v.integerValue != null) {
      scalar(INTEGER_START, v.integerValue.toString(), INTEGER_END);
    } else if (v.booleanValue != null) {
      scalar(BOOLEAN_START, v.booleanValue.toString(), BOOLEAN_END);
    } else {
      b.put(STRING_START);
      b.text(v.stringValue);
      b.put(STRING_END);
    }
    b.put(END);
    b.flush();
  }

  private void doubles(double[] values) throws IOException {
    for (int i = 0; i < values.length; i++) {
      b.room(DoubleText.MAX_LENGTH + 1);
      if (i > 0) {
        b.buf[b.pos++] = ' ';
      }
      b.pos = DoubleText.format(values[i], b.buf, b.pos);
    }
  }

  private void scalar(byte[] start, String text, byte[] end) throws IOException {
    b.put(start);
    b.asciiText(text); // digits, signs, letters
    b.put(end);
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
}
