package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.SplittableRandom;
import org.instrumentelement.ie.soap.AttributeAnswer;
import org.instrumentelement.ie.soap.types.DoubleList;
import org.instrumentelement.ie.soap.types.GetAttributeResponse;
import org.instrumentelement.ie.soap.types.GetAttributesResponse;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.ie.soap.types.Quality;
import org.instrumentelement.ie.soap.types.Value;
import org.instrumentelement.ie.soap.types.ValueType;
import org.junit.jupiter.api.Test;

/**
 * The hand-written attribute answer is byte for byte what JAXB writes with the service's settings.
 */
class AttributeAnswerTest {
  private static final double[] SPECIAL = {
    0.0,
    -0.0,
    1.0,
    -1.5,
    0.1,
    1e-300,
    Double.MIN_VALUE,
    Double.MAX_VALUE,
    Double.NaN,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    123456789.0,
    2e21,
    -2.2250738585072014E-308
  };

  @Test
  void xmlVectorsAreWrittenAsJaxbWritesThem() throws Exception {
    SplittableRandom random = new SplittableRandom(3);
    for (int length : new int[] {1, 2, 3, 14, 1250, 2500, 10_000}) {
      double[] d = new double[length];
      for (int i = 0; i < length; i++) {
        // One length is the awkward values themselves.
        d[i] = length == SPECIAL.length ? SPECIAL[i] : random.nextGaussian() * 1e3;
      }
      Value v = vector(d);
      v.doubles = new DoubleList(d);
      assertSame(v);
    }
  }

  @Test
  void binaryVectorsAreWrittenAsJaxbWritesThem() throws Exception {
    SplittableRandom random = new SplittableRandom(5);
    // 1, 2 and 3 doubles: 8, 16 and 24 bytes end a base64 group with two, one and no padding;
    // short vectors after long ones: the thread's scratch array then holds more than their text;
    // 6,000 doubles fill it to its largest, 10,000 are encoded into an array of their own.
    for (int length : new int[] {1, 2, 3, 1250, 2500, 7, 6_000, 10_000, 5}) {
      double[] d = random.doubles(length).toArray();
      Value v = vector(d);
      v.data = littleEndian(d);
      assertSame(v);
    }
  }

  @Test
  void attributesAreEscapedAsJaxbEscapesThem() throws Exception {
    for (String units :
        List.of("V", "\u00b5V", "\u03a9 \u20ac \ud83d\ude00", "a<b&\"c\"\r\n>'\t")) {
      Value v = vector(new double[] {1, 2});
      v.doubles = new DoubleList(new double[] {1, 2});
      v.units = units;
      v.name = units + "&name";
      v.quality = Quality.UNCERTAIN;
      assertSame(v);
    }
  }

  @Test
  void attributesLongerThanTheBufferAreWrittenWhole() throws Exception {
    Value v = vector(new double[] {4});
    v.data = littleEndian(new double[] {4});
    v.units = "V".repeat(20_000);
    assertSame(v);
  }

  @Test
  void absentAttributesAreLeftOut() throws Exception {
    Value v = vector(new double[] {1});
    v.doubles = new DoubleList(new double[] {1});
    v.timestamp = null;
    v.quality = null;
    v.length = null;
    String xml = new String(ours(answer(v)), StandardCharsets.UTF_8);
    assertTrue(xml.startsWith("<getAttributeResponse xmlns=\"" + Namespaces.IE + "\">"), xml);
    assertTrue(xml.contains("<value type=\"DOUBLE_ARRAY\"><doubles>1</doubles></value>"), xml);
    assertSame(v);
  }

  @Test
  void scalarsAreWrittenAsJaxbWritesThem() throws Exception {
    for (double d : SPECIAL) {
      Value v = scalar(ValueType.DOUBLE);
      v.doubleValue = d;
      assertSame(v);
    }
    for (long l : new long[] {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, 1234567890123L}) {
      Value v = scalar(ValueType.INTEGER);
      v.integerValue = l;
      assertSame(v);
    }
    for (boolean b : new boolean[] {true, false}) {
      Value v = scalar(ValueType.BOOLEAN);
      v.booleanValue = b;
      v.units = null;
      assertSame(v);
    }
    for (String text :
        List.of(
            "MockArray,array2500,0,1.0",
            "a<b&c>d \"quoted\" 'single'",
            "line\r\nfeed\ttab\u0001",
            "\u00b5V \u03a9 \u20ac \u4e2d\u6587",
            "]]>",
            "x".repeat(20_000))) {
      Value v = scalar(ValueType.STRING);
      v.stringValue = text;
      v.name = "n\"" + text.substring(0, Math.min(5, text.length()));
      assertSame(v);
    }
  }

  @Test
  void onlyNonEmptyVectorAndSingleScalarAnswersAreHandled() {
    Value scalar = new Value();
    scalar.type = ValueType.DOUBLE;
    scalar.doubleValue = 1.0;
    assertTrue(AttributeAnswer.handles(answer(scalar)));
    Value two = scalar(ValueType.DOUBLE);
    two.doubleValue = 1.0;
    two.integerValue = 1L;
    assertFalse(AttributeAnswer.handles(answer(two)));
    Value scalarAndVector = scalar(ValueType.DOUBLE);
    scalarAndVector.doubleValue = 1.0;
    scalarAndVector.data = littleEndian(new double[] {1});
    assertFalse(AttributeAnswer.handles(answer(scalarAndVector)));
    Value emptyText = scalar(ValueType.STRING);
    emptyText.stringValue = "";
    assertFalse(AttributeAnswer.handles(answer(emptyText)));
    Value surrogates = scalar(ValueType.STRING);
    surrogates.stringValue = "smile \ud83d\ude00";
    assertFalse(AttributeAnswer.handles(answer(surrogates)));
    Value nothing = scalar(ValueType.STRING);
    assertFalse(AttributeAnswer.handles(answer(nothing)));
    Value empty = vector(new double[0]);
    empty.doubles = new DoubleList(new double[0]);
    assertFalse(AttributeAnswer.handles(answer(empty)));
    Value emptyData = vector(new double[0]);
    emptyData.data = new byte[0];
    assertFalse(AttributeAnswer.handles(answer(emptyData)));
    Value both = vector(new double[] {1});
    both.data = littleEndian(new double[] {1});
    both.doubles = new DoubleList(new double[] {1});
    assertFalse(AttributeAnswer.handles(answer(both)));
    Value ragged = vector(new double[] {1});
    ragged.data = new byte[7];
    assertFalse(AttributeAnswer.handles(answer(ragged)));
    Value textList = vector(new double[] {1});
    textList.doubles = List.of("1");
    assertFalse(AttributeAnswer.handles(answer(textList)));
    assertFalse(AttributeAnswer.handles(new GetAttributeResponse()));
    assertFalse(AttributeAnswer.handles(new GetAttributesResponse()));
    assertFalse(AttributeAnswer.handles(null));
    assertThrows(
        IllegalArgumentException.class,
        () -> AttributeAnswer.write(answer(two), new ByteArrayOutputStream()));
  }

  private static Value scalar(ValueType type) {
    Value v = new Value();
    v.type = type;
    v.timestamp = Instant.parse("2026-11-23T22:59:01.5Z");
    v.quality = Quality.GOOD;
    v.units = "V";
    v.provenance = 7L;
    return v;
  }

  private static Value vector(double[] d) {
    Value v = new Value();
    v.type = ValueType.DOUBLE_ARRAY;
    v.timestamp = Instant.parse("2026-11-21T13:23:12.862555590Z");
    v.quality = Quality.GOOD;
    v.length = d.length;
    return v;
  }

  private static GetAttributeResponse answer(Value v) {
    GetAttributeResponse r = new GetAttributeResponse();
    r.value = v;
    return r;
  }

  private static byte[] littleEndian(double[] d) {
    ByteBuffer b = ByteBuffer.allocate(d.length * 8).order(ByteOrder.LITTLE_ENDIAN);
    b.asDoubleBuffer().put(d);
    return b.array();
  }

  private static void assertSame(Value v) throws Exception {
    GetAttributeResponse r = answer(v);
    assertTrue(AttributeAnswer.handles(r));
    byte[] expected = jaxb(r);
    byte[] actual = ours(r);
    assertEquals(
        new String(expected, StandardCharsets.UTF_8), new String(actual, StandardCharsets.UTF_8));
    assertArrayEquals(expected, actual);
  }

  /** Written in small pieces, as a stream that passes every write on would see them. */
  private static byte[] ours(GetAttributeResponse r) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    AttributeAnswer.write(
        r,
        new OutputStream() {
          @Override
          public void write(int c) {
            b.write(c);
          }

          @Override
          public void write(byte[] data, int off, int len) {
            b.write(data, off, len);
          }
        });
    return b.toByteArray();
  }

  /** What JAXB writes for the answer with the settings CXF and the service give it. */
  private static byte[] jaxb(GetAttributeResponse r) throws Exception {
    return ServiceJaxb.write("getAttributeResponse", GetAttributeResponse.class, r);
  }
}
