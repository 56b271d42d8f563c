package org.instrumentelement.ie.client.subscription;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * One published value, decoded from its message (see docs/subscriptions.md, "Message format").
 *
 * @param sequence per-topic number, consecutive unless samples were missed
 * @param epoch start time of the publishing Instrument Element; a new epoch restarts sequences
 * @param acquired when the instrument produced the value
 * @param published when the Instrument Element sent it
 * @param type DOUBLE_ARRAY, DOUBLE, INTEGER, BOOLEAN, STRING or ENUM
 * @param body the raw little-endian body
 */
public record SampledValue(
    String topic,
    String im,
    String attribute,
    long sequence,
    long epoch,
    Instant acquired,
    Instant published,
    String type,
    int length,
    String units,
    String quality,
    boolean heartbeat,
    byte[] body) {

  /** The doubles of a DOUBLE_ARRAY (or the one double of a DOUBLE). */
  public double[] doubles() {
    double[] d = new double[body.length / Double.BYTES];
    ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(d);
    return d;
  }

  /** The value of a DOUBLE. */
  public double asDouble() {
    return ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN).getDouble();
  }

  /** The value of an INTEGER. */
  public long asLong() {
    return ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN).getLong();
  }

  /** The value of a BOOLEAN. */
  public boolean asBoolean() {
    return body.length > 0 && body[0] != 0;
  }

  /** The value of a STRING or ENUM. */
  public String asString() {
    return new String(body, StandardCharsets.UTF_8);
  }

  static Instant fromMicros(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
  }
}
