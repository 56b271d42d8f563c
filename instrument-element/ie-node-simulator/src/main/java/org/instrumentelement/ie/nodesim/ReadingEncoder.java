package org.instrumentelement.ie.nodesim;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** Encodes one reading in a sensor network's format, as a node would (docs/sensor-networks.md). */
final class ReadingEncoder {
  private ReadingEncoder() {}

  static byte[] encode(String format, long sequence, long timeMillis, double[] values) {
    return switch (format) {
      case "json" -> json(sequence, timeMillis, values);
      case "le-doubles" -> binary(false, sequence, timeMillis, values);
      case "le-seq-time-doubles" -> binary(true, sequence, timeMillis, values);
      default -> throw new IllegalArgumentException("no format " + format);
    };
  }

  private static byte[] json(long sequence, long timeMillis, double[] values) {
    StringBuilder b = new StringBuilder(32 + 24 * values.length).append("{\"v\":");
    if (values.length == 1) {
      b.append(values[0]);
    } else {
      b.append('[');
      for (int i = 0; i < values.length; i++) {
        b.append(i == 0 ? "" : ",").append(values[i]);
      }
      b.append(']');
    }
    b.append(",\"seq\":").append(sequence).append(",\"t\":").append(timeMillis).append('}');
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] binary(boolean header, long sequence, long timeMillis, double[] values) {
    ByteBuffer b =
        ByteBuffer.allocate((header ? 16 : 0) + 8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
    if (header) {
      b.putLong(sequence).putLong(timeMillis);
    }
    for (double v : values) {
      b.putDouble(v);
    }
    return b.array();
  }
}
