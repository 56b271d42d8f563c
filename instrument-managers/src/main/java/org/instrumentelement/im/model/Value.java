package org.instrumentelement.im.model;

import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;

/**
 * A typed value with the time it was acquired and its quality. Vectors are not copied: whoever
 * creates a value hands over its array and must not change it afterwards, and readers must not
 * change it either, so that a 2,500-double waveform is never copied on its way to a client.
 */
public final class Value {
  private final ValueType type;
  private final Object payload;
  private final Instant timestamp;
  private final Quality quality;

  private Value(ValueType type, Object payload, Instant timestamp, Quality quality) {
    this.type = Objects.requireNonNull(type);
    this.payload = Objects.requireNonNull(payload);
    this.timestamp = Objects.requireNonNull(timestamp);
    this.quality = Objects.requireNonNull(quality);
  }

  public static Value ofDouble(double v, Instant at) {
    return new Value(ValueType.DOUBLE, v, at, Quality.GOOD);
  }

  public static Value ofInteger(long v, Instant at) {
    return new Value(ValueType.INTEGER, v, at, Quality.GOOD);
  }

  public static Value ofBoolean(boolean v, Instant at) {
    return new Value(ValueType.BOOLEAN, v, at, Quality.GOOD);
  }

  public static Value ofString(String v, Instant at) {
    return new Value(ValueType.STRING, v, at, Quality.GOOD);
  }

  public static Value ofEnum(String v, Instant at) {
    return new Value(ValueType.ENUM, v, at, Quality.GOOD);
  }

  /** A vector value that takes ownership of {@code v} (see the class comment). */
  public static Value ofDoubles(double[] v, Instant at) {
    return new Value(ValueType.DOUBLE_ARRAY, v, at, Quality.GOOD);
  }

  public Value withQuality(Quality q) {
    return q == quality ? this : new Value(type, payload, timestamp, q);
  }

  public Value withTimestamp(Instant t) {
    return new Value(type, payload, t, quality);
  }

  public ValueType type() {
    return type;
  }

  public Instant timestamp() {
    return timestamp;
  }

  public Quality quality() {
    return quality;
  }

  /** The value of a DOUBLE or INTEGER. */
  public double asDouble() {
    return ((Number) payload).doubleValue();
  }

  /** The value of an INTEGER. */
  public long asLong() {
    return (Long) payload;
  }

  public boolean asBoolean() {
    return (Boolean) payload;
  }

  /** The value of a STRING or ENUM, or the text form of any scalar. */
  public String asString() {
    return payload instanceof double[] d ? Arrays.toString(d) : payload.toString();
  }

  /** The vector of a DOUBLE_ARRAY, not copied: do not modify it. */
  public double[] asDoubles() {
    return (double[]) payload;
  }

  /** Whether two values carry the same type and payload (timestamp and quality ignored). */
  public boolean samePayload(Value other) {
    if (other == null || other.type != type) {
      return false;
    }
    if (payload instanceof double[] d) {
      return Arrays.equals(d, (double[]) other.payload);
    }
    return payload.equals(other.payload);
  }

  @Override
  public String toString() {
    String p = payload instanceof double[] d ? "double[" + d.length + "]" : String.valueOf(payload);
    return type + " " + p + " @" + timestamp + " " + quality;
  }
}
