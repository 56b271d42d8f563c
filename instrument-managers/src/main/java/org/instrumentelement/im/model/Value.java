package org.instrumentelement.im.model;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.instrumentelement.ie.contract.ValueCodec;

/**
 * A typed value with the time it was acquired and its quality. Vectors are not copied: whoever
 * creates a value hands over its array and must not change it afterwards, and readers must not
 * change it either, so that a 2,500-double waveform is never copied on its way to a client. A
 * vector an instrument sent as little-endian float64 can keep those bytes ({@link
 * #ofLittleEndianDoubles}): they are what the binary answers and published messages carry, so a
 * vector that goes out as bytes is neither decoded nor encoded again. A trace the instrument sent
 * as 8- or 16-bit codes can keep them with their scale and offset ({@link #ofCodes}): its doubles
 * are {@code code * scale + offset}, and the codes go to whoever asks for them.
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

  /**
   * A vector given as IEEE-754 float64 values, little-endian, 8 bytes each, that takes ownership of
   * {@code bytes} (see the class comment). Its doubles are decoded when first asked for.
   *
   * @throws IllegalArgumentException if the length is not a whole number of doubles
   */
  public static Value ofLittleEndianDoubles(byte[] bytes, Instant at) {
    if (bytes.length % Double.BYTES != 0) {
      throw new IllegalArgumentException(
          bytes.length + " bytes are not a whole number of 8-byte doubles");
    }
    return new Value(ValueType.DOUBLE_ARRAY, new LittleEndian(bytes), at, Quality.GOOD);
  }

  /**
   * A vector kept as the instrument's codes, whose doubles are {@link ScaledCodes#toDoubles},
   * decoded when first asked for. Takes ownership of {@code codes} (see the class comment).
   */
  public static Value ofCodes(ScaledCodes codes, Instant at) {
    return new Value(ValueType.DOUBLE_ARRAY, new Codes(codes), at, Quality.GOOD);
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
    return type == ValueType.DOUBLE_ARRAY ? Arrays.toString(asDoubles()) : payload.toString();
  }

  /** The vector of a DOUBLE_ARRAY, not copied: do not modify it. */
  public double[] asDoubles() {
    if (payload instanceof LittleEndian le) {
      return le.doubles();
    }
    return payload instanceof Codes c ? c.doubles() : (double[]) payload;
  }

  /** The number of doubles of a DOUBLE_ARRAY. */
  public int vectorLength() {
    if (payload instanceof LittleEndian le) {
      return le.bytes.length / Double.BYTES;
    }
    return payload instanceof Codes c ? c.codes.length() : ((double[]) payload).length;
  }

  /**
   * The vector of a DOUBLE_ARRAY as little-endian float64 bytes, if it was given so ({@link
   * #ofLittleEndianDoubles}), else null. Not copied: do not modify it.
   */
  public byte[] littleEndianBytes() {
    return payload instanceof LittleEndian le ? le.bytes : null;
  }

  /**
   * The vector of a DOUBLE_ARRAY as the instrument's codes, if it was given so ({@link #ofCodes}),
   * else null.
   */
  public ScaledCodes scaledCodes() {
    return payload instanceof Codes c ? c.codes : null;
  }

  /** Whether two values carry the same type and payload (timestamp and quality ignored). */
  public boolean samePayload(Value other) {
    if (other == null || other.type != type) {
      return false;
    }
    if (type == ValueType.DOUBLE_ARRAY) {
      if (payload instanceof Codes c
          && other.payload instanceof Codes o
          && c.codes.equals(o.codes)) {
        return true;
      }
      byte[] mine = littleEndianBytes();
      byte[] theirs = other.littleEndianBytes();
      return mine != null && theirs != null
          ? LittleEndian.same(mine, theirs)
          : Arrays.equals(asDoubles(), other.asDoubles());
    }
    return payload.equals(other.payload);
  }

  @Override
  public String toString() {
    String p =
        type == ValueType.DOUBLE_ARRAY ? "double[" + vectorLength() + "]" : String.valueOf(payload);
    return type + " " + p + " @" + timestamp + " " + quality;
  }

  /** A vector's codes, and its doubles once decoded. */
  private static final class Codes {
    final ScaledCodes codes;

    /** Decoded at most a few times (threads racing at first), each time the same doubles. */
    private volatile double[] doubles;

    Codes(ScaledCodes codes) {
      this.codes = Objects.requireNonNull(codes);
    }

    double[] doubles() {
      double[] d = doubles;
      if (d == null) {
        d = codes.toDoubles();
        doubles = d;
      }
      return d;
    }
  }

  /** A vector's little-endian bytes, and its doubles once decoded. */
  private static final class LittleEndian {
    private static final VarHandle DOUBLE =
        MethodHandles.byteArrayViewVarHandle(double[].class, ByteOrder.LITTLE_ENDIAN);

    final byte[] bytes;

    /** Decoded at most a few times (threads racing at first), each time the same doubles. */
    private volatile double[] doubles;

    LittleEndian(byte[] bytes) {
      this.bytes = bytes;
    }

    double[] doubles() {
      double[] d = doubles;
      if (d == null) {
        d = ValueCodec.decodeDoubles(bytes);
        doubles = d;
      }
      return d;
    }

    /**
     * Whether two vectors hold the same doubles as {@link Arrays#equals(double[], double[])} has
     * it: the same bytes, except that any two NaNs are the same.
     */
    static boolean same(byte[] a, byte[] b) {
      if (a.length != b.length) {
        return false;
      }
      int at = Arrays.mismatch(a, b);
      while (at >= 0) {
        int start = at - at % Double.BYTES;
        if (!Double.isNaN((double) DOUBLE.get(a, start))
            || !Double.isNaN((double) DOUBLE.get(b, start))) {
          return false;
        }
        int next = start + Double.BYTES;
        int more = Arrays.mismatch(a, next, a.length, b, next, b.length);
        at = more < 0 ? -1 : next + more;
      }
      return true;
    }
  }
}
