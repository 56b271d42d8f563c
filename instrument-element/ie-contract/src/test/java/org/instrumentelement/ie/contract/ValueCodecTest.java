package org.instrumentelement.ie.contract;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class ValueCodecTest {
  @Test
  void doublesAreLittleEndianFloat64() {
    byte[] one = ValueCodec.encodeDoubles(new double[] {1.0});
    // 1.0 is 0x3FF0000000000000: the least significant byte comes first.
    assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, (byte) 0xF0, 0x3F}, one);
    assertArrayEquals(one, ValueCodec.encodeDouble(1.0));
  }

  @Test
  void everyEncodingReadsBackWhatItWrote() {
    double[] d = {0, -1.5, Double.MAX_VALUE, Double.MIN_VALUE, Double.NaN, 1e-300};
    assertArrayEquals(d, ValueCodec.decodeDoubles(ValueCodec.encodeDoubles(d)));
    assertEquals(-2.25, ValueCodec.decodeDouble(ValueCodec.encodeDouble(-2.25)));
    assertEquals(Long.MIN_VALUE, ValueCodec.decodeLong(ValueCodec.encodeLong(Long.MIN_VALUE)));
    assertArrayEquals(new byte[] {1, 0, 0, 0, 0, 0, 0, 0}, ValueCodec.encodeLong(1));
    assertTrue(ValueCodec.decodeBoolean(ValueCodec.encodeBoolean(true)));
    assertFalse(ValueCodec.decodeBoolean(ValueCodec.encodeBoolean(false)));
    assertEquals("µV ±", ValueCodec.decodeText(ValueCodec.encodeText("µV ±")));
  }

  @Test
  void bytesThatAreNotWholeDoublesAreRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ValueCodec.decodeDoubles(new byte[12]));
    assertTrue(e.getMessage().contains("12 bytes"), e.getMessage());
    assertEquals(0, ValueCodec.decodeDoubles(new byte[0]).length);
  }

  @Test
  void aTypeNewerThanTheContractIsNamedNull() {
    assertEquals(BodyType.DOUBLE_ARRAY, BodyType.named("DOUBLE_ARRAY"));
    assertEquals(null, BodyType.named("COMPLEX_ARRAY"));
  }

  @Test
  void timesAreMicrosecondsSinceTheEpoch() {
    Instant t = Instant.parse("2026-11-23T17:10:51.123456789Z");
    long micros = EpochMicros.of(t);
    assertEquals(t.getEpochSecond() * 1_000_000L + 123_456, micros);
    assertEquals(Instant.parse("2026-11-23T17:10:51.123456Z"), EpochMicros.toInstant(micros));
    assertEquals(Instant.parse("1969-12-31T23:59:59.999999Z"), EpochMicros.toInstant(-1));
  }
}
