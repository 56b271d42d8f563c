package org.instrumentelement.ie.pubsub;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.instrumentelement.im.model.Value;

/**
 * The published message: a JMS BytesMessage whose body is the value in little-endian binary and
 * whose properties describe it. This class is the reference for docs/subscriptions.md, "Message
 * format".
 *
 * <table>
 *   <tr><th>type</th><th>body</th></tr>
 *   <tr><td>DOUBLE_ARRAY</td><td>the doubles as IEEE-754 float64, little-endian, 8 bytes each</td></tr>
 *   <tr><td>DOUBLE</td><td>one IEEE-754 float64, little-endian</td></tr>
 *   <tr><td>INTEGER</td><td>one two's-complement int64, little-endian</td></tr>
 *   <tr><td>BOOLEAN</td><td>one byte, 0 or 1</td></tr>
 *   <tr><td>STRING, ENUM</td><td>UTF-8 text</td></tr>
 * </table>
 */
public final class MessageFormat {
  /** Per-topic sequence number, from 1; a gap means missed samples. */
  public static final String SEQUENCE = "ieSequence";

  /** When this Instrument Element started (ms since the Unix epoch); sequences restart with it. */
  public static final String EPOCH = "ieEpoch";

  /** When the instrument produced the value, in microseconds since the Unix epoch. */
  public static final String ACQUIRED = "ieAcquired";

  /** When the Instrument Element sent the message, in microseconds since the Unix epoch. */
  public static final String PUBLISHED = "iePublished";

  /** DOUBLE_ARRAY, DOUBLE, INTEGER, BOOLEAN, STRING or ENUM. */
  public static final String TYPE = "ieType";

  /** Number of doubles of a vector; 1 for a scalar. */
  public static final String LENGTH = "ieLength";

  public static final String UNITS = "ieUnits";

  /** GOOD, WARNING or ALARM (a good value beyond a limit of its attribute), UNCERTAIN or BAD. */
  public static final String QUALITY = "ieQuality";

  /** True when the value is unchanged and republished only to show the attribute is alive. */
  public static final String HEARTBEAT = "ieHeartbeat";

  /** The IM's path. */
  public static final String IM = "ieIm";

  public static final String ATTRIBUTE = "ieAttribute";

  /** Byte order of the body: always "LE". */
  public static final String BYTE_ORDER = "ieByteOrder";

  /** A short description, returned by getSubscriptionInfo. */
  public static final String DESCRIPTION =
      "JMS BytesMessage; body little-endian (DOUBLE_ARRAY: float64 values; DOUBLE: float64; INTEGER:"
          + " int64; BOOLEAN: 1 byte; STRING/ENUM: UTF-8); properties ieSequence, ieEpoch, ieAcquired"
          + " and iePublished (microseconds since the Unix epoch), ieType, ieLength, ieUnits,"
          + " ieQuality, ieHeartbeat, ieIm, ieAttribute, ieByteOrder=LE";

  private MessageFormat() {}

  /** The body of a value. */
  public static byte[] body(Value v) {
    return switch (v.type()) {
      case DOUBLE_ARRAY -> {
        double[] d = v.asDoubles();
        ByteBuffer b = ByteBuffer.allocate(d.length * Double.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        b.asDoubleBuffer().put(d);
        yield b.array();
      }
      case DOUBLE ->
          ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(v.asDouble()).array();
      case INTEGER ->
          ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v.asLong()).array();
      case BOOLEAN -> new byte[] {(byte) (v.asBoolean() ? 1 : 0)};
      case STRING, ENUM -> v.asString().getBytes(StandardCharsets.UTF_8);
    };
  }

  /** Microseconds since the Unix epoch. */
  public static long micros(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
  }

  /** The length property of a value. */
  public static int length(Value v) {
    return v.type() == org.instrumentelement.im.model.ValueType.DOUBLE_ARRAY
        ? v.asDoubles().length
        : 1;
  }
}
