package org.instrumentelement.im.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.junit.jupiter.api.Test;

class ValueTest {
  private static final Instant T = Instant.parse("2026-01-01T00:00:00Z");

  private static byte[] le(double... d) {
    ByteBuffer b = ByteBuffer.allocate(d.length * 8).order(ByteOrder.LITTLE_ENDIAN);
    for (double x : d) {
      b.putDouble(x);
    }
    return b.array();
  }

  /** A NaN whose bits differ from Double.NaN's. */
  private static final double OTHER_NAN = Double.longBitsToDouble(0x7ff0000000000abcL);

  @Test
  void aVectorOfLittleEndianBytesKeepsThemAndDecodesTheSameDoubles() {
    double[] d = {0.1, -2.5e-300, -0.0, Double.MAX_VALUE, Double.NEGATIVE_INFINITY, 42};
    byte[] bytes = le(d);
    Value v = Value.ofLittleEndianDoubles(bytes, T);
    assertEquals(ValueType.DOUBLE_ARRAY, v.type());
    assertEquals(6, v.vectorLength());
    assertSame(bytes, v.littleEndianBytes(), "the bytes are not copied");
    assertArrayEquals(d, v.asDoubles());
    assertSame(v.asDoubles(), v.asDoubles(), "decoded once");
    assertEquals(
        Value.ofDoubles(d, T).asString(), v.asString(), "the same text as the doubles' value");
    assertEquals("DOUBLE_ARRAY double[6] @2026-01-01T00:00:00Z GOOD", v.toString());
    assertSame(bytes, v.withQuality(Quality.UNCERTAIN).littleEndianBytes());
  }

  @Test
  void aVectorOfDoublesHasNoBytes() {
    Value v = Value.ofDoubles(new double[] {1, 2}, T);
    assertNull(v.littleEndianBytes());
    assertEquals(2, v.vectorLength());
  }

  @Test
  void bytesThatAreNotWholeDoublesAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> Value.ofLittleEndianDoubles(new byte[9], T));
    assertEquals(0, Value.ofLittleEndianDoubles(new byte[0], T).vectorLength());
  }

  @Test
  void samePayloadIsTheDoublesEqualityWhicheverFormTheVectorsHave() {
    double[] d = {1, 2, Double.NaN};
    Value bytes = Value.ofLittleEndianDoubles(le(d), T);
    assertTrue(bytes.samePayload(Value.ofLittleEndianDoubles(le(d), T)));
    assertTrue(bytes.samePayload(Value.ofDoubles(d.clone(), T)));
    assertTrue(Value.ofDoubles(d.clone(), T).samePayload(bytes));
    // Arrays.equals(double[]) takes any two NaNs as the same, and -0.0 apart from 0.0.
    assertTrue(bytes.samePayload(Value.ofLittleEndianDoubles(le(1, 2, OTHER_NAN), T)));
    assertFalse(bytes.samePayload(Value.ofLittleEndianDoubles(le(1, 2.0000001, Double.NaN), T)));
    assertFalse(bytes.samePayload(Value.ofLittleEndianDoubles(le(1, 2, 3), T)));
    assertFalse(bytes.samePayload(Value.ofLittleEndianDoubles(le(1, 2), T)));
    assertFalse(bytes.samePayload(Value.ofLittleEndianDoubles(le(OTHER_NAN, 2, 0), T)));
    assertFalse(
        Value.ofLittleEndianDoubles(le(0.0, OTHER_NAN), T)
            .samePayload(Value.ofLittleEndianDoubles(le(-0.0, Double.NaN), T)));
    assertFalse(bytes.samePayload(Value.ofDoubles(new double[] {1, 2, 4}, T)));
    assertFalse(bytes.samePayload(Value.ofString("1, 2, NaN", T)));
  }

  @Test
  void aTraceKeptAsCodesIsAVectorOfTheirVolts() {
    ScaledCodes codes = ScaledCodes.ofInt16(new short[] {-2, 0, 3}, 0.1, 1.0);
    Value v = Value.ofCodes(codes, T);
    assertEquals(ValueType.DOUBLE_ARRAY, v.type());
    assertEquals(3, v.vectorLength());
    assertSame(codes, v.scaledCodes());
    assertNull(v.littleEndianBytes(), "the doubles go out encoded, the codes as they are");
    assertArrayEquals(new double[] {-2 * 0.1 + 1.0, 1.0, 3 * 0.1 + 1.0}, v.asDoubles());
    assertSame(v.asDoubles(), v.asDoubles(), "decoded once");
    assertTrue(
        v.samePayload(Value.ofCodes(ScaledCodes.ofInt16(new short[] {-2, 0, 3}, 0.1, 1.0), T)));
    assertTrue(v.samePayload(Value.ofDoubles(v.asDoubles().clone(), T)));
    assertFalse(
        v.samePayload(Value.ofCodes(ScaledCodes.ofInt16(new short[] {-2, 0, 4}, 0.1, 1.0), T)));
    assertNull(Value.ofDoubles(new double[] {1}, T).scaledCodes());
  }
}
