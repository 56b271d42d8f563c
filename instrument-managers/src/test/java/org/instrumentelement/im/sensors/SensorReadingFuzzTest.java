package org.instrumentelement.im.sensors;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Fuzzes the readers of what sensor nodes publish (docs/sensor-networks.md, message format). */
class SensorReadingFuzzTest {
  /** The IM's default {@code maxValues}. */
  private static final int MAX_VALUES = 64;

  /**
   * Invariant: every {@link ReadingFormat} takes any message either as a {@link Reading} of 1 to
   * {@code maxValues} finite values (a sequence number and time that are none or not negative) or
   * refuses it with a {@link MalformedReadingException}, nothing else; and a reading it takes,
   * written again in that format, reads back the same.
   *
   * <p>Input: byte 0 picks the format (mod 3) and {@code maxValues} (bits 2-7, 0 meaning 64); the
   * rest is the message.
   */
  @FuzzTest
  @DictionaryEntries({"{\"v\":", "\"seq\":", "\"t\":", "[", "]", "1e308", "-0", "NaN"})
  void readings(byte[] input) throws MalformedReadingException {
    if (input.length < 1) {
      return;
    }
    ReadingFormat format = ReadingFormat.values()[(input[0] & 3) % 3];
    int maxValues = (input[0] & 0xff) >>> 2;
    if (maxValues == 0) {
      maxValues = MAX_VALUES;
    }
    byte[] body = Arrays.copyOfRange(input, 1, input.length);
    Reading r;
    try {
      r = format.parse(body, maxValues);
    } catch (MalformedReadingException e) {
      return; // counted as malformed; the node's last reading stays
    }
    double[] v = r.values();
    if (v.length < 1 || v.length > maxValues) {
      throw new AssertionError(v.length + " values, at most " + maxValues);
    }
    for (double x : v) {
      if (!Double.isFinite(x)) {
        throw new AssertionError("a value that is not finite: " + x);
      }
    }
    if (r.sequence() < Reading.NONE || r.timeMillis() < Reading.NONE) {
      throw new AssertionError("a negative sequence or time: " + r);
    }
    Reading back = format.parse(write(format, r), maxValues);
    if (!Arrays.equals(v, back.values())
        || back.sequence() != r.sequence()
        || back.timeMillis() != r.timeMillis()) {
      throw new AssertionError(format + " did not round-trip: " + r + " then " + back);
    }
  }

  private static byte[] write(ReadingFormat format, Reading r) {
    return switch (format) {
      case JSON -> {
        StringBuilder b = new StringBuilder("{\"v\":[");
        for (int i = 0; i < r.values().length; i++) {
          b.append(i == 0 ? "" : ",").append(r.values()[i]);
        }
        b.append(']');
        if (r.hasSequence()) {
          b.append(",\"seq\":").append(r.sequence());
        }
        if (r.hasTime()) {
          b.append(",\"t\":").append(r.timeMillis());
        }
        yield b.append('}').toString().getBytes(StandardCharsets.UTF_8);
      }
      case LE_DOUBLES -> doubles(ByteBuffer.allocate(8 * r.values().length), r);
      case LE_SEQ_TIME_DOUBLES -> {
        ByteBuffer b =
            ByteBuffer.allocate(16 + 8 * r.values().length).order(ByteOrder.LITTLE_ENDIAN);
        b.putLong(r.sequence()).putLong(r.hasTime() ? r.timeMillis() : 0);
        yield doubles(b, r);
      }
    };
  }

  private static byte[] doubles(ByteBuffer b, Reading r) {
    b.order(ByteOrder.LITTLE_ENDIAN);
    for (double x : r.values()) {
      b.putDouble(x);
    }
    return b.array();
  }
}
