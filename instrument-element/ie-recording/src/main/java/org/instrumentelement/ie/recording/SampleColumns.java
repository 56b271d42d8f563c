package org.instrumentelement.ie.recording;

import java.util.Arrays;
import java.util.Objects;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;
import org.instrumentelement.im.sampling.Sample;

/**
 * The samples of one attribute in the segment being filled, column by column as they will be
 * written: values (vectors by reference, never copied), acquisition and publication times, sequence
 * numbers, provenance revisions, qualities and heartbeat flags. One segment holds one type and one
 * vector length per attribute; a sample that does not fit closes the segment. A vector given as the
 * instrument's codes ({@link Value#ofCodes}) is kept as its codes, and the segment holds one width,
 * scale, offset and set of special codes for it: a trace in another scaling (the scope's volts per
 * division changed) or given as doubles closes the segment too.
 */
final class SampleColumns {
  /** What a sample costs besides its value: four longs, a quality, a flag, references. */
  static final int PER_SAMPLE_BYTES = 56;

  private final ValueType type;
  private final int length;
  private final ScaledCodes codes; // the first sample's codes (their scaling is the segment's)
  private Object[] values = new Object[64];
  private long[] acquired = new long[64];
  private long[] published = new long[64];
  private long[] sequence = new long[64];
  private long[] provenance = new long[64];
  private String[] quality = new String[64];
  private byte[] heartbeat = new byte[64];
  private int count;
  private long bytes;

  /** Columns for samples like {@code first}. */
  SampleColumns(Value first) {
    this.type = first.type();
    this.length = type == ValueType.DOUBLE_ARRAY ? first.vectorLength() : 0;
    this.codes = type == ValueType.DOUBLE_ARRAY ? first.scaledCodes() : null;
  }

  /**
   * Whether a value can join these columns (same type, same vector length, and for codes the same
   * width, scale, offset and special codes).
   */
  boolean fits(Value v) {
    if (v.type() != type) {
      return false;
    }
    if (type != ValueType.DOUBLE_ARRAY) {
      return true;
    }
    if (v.vectorLength() != length) {
      return false;
    }
    ScaledCodes c = v.scaledCodes();
    return codes == null ? c == null : c != null && sameScaling(codes, c);
  }

  private static boolean sameScaling(ScaledCodes a, ScaledCodes b) {
    return a.width() == b.width()
        && Double.doubleToLongBits(a.scale()) == Double.doubleToLongBits(b.scale())
        && Double.doubleToLongBits(a.offset()) == Double.doubleToLongBits(b.offset())
        && Objects.equals(a.nanCode(), b.nanCode())
        && Objects.equals(a.clipLowCode(), b.clipLowCode())
        && Objects.equals(a.clipHighCode(), b.clipHighCode());
  }

  /** What a sample of this value takes in memory and (about) on disk. */
  static long cost(Value v) {
    return PER_SAMPLE_BYTES
        + switch (v.type()) {
          case DOUBLE_ARRAY ->
              v.scaledCodes() != null
                  ? (long) v.scaledCodes().width().bytes() * v.vectorLength()
                  : 8L * v.vectorLength();
          case STRING, ENUM -> v.asString().length();
          default -> 8;
        };
  }

  void add(Sample s, long publishedMicros) {
    if (count == values.length) {
      int n = count * 2;
      values = Arrays.copyOf(values, n);
      acquired = Arrays.copyOf(acquired, n);
      published = Arrays.copyOf(published, n);
      sequence = Arrays.copyOf(sequence, n);
      provenance = Arrays.copyOf(provenance, n);
      quality = Arrays.copyOf(quality, n);
      heartbeat = Arrays.copyOf(heartbeat, n);
    }
    Value v = s.value();
    values[count] = v;
    acquired[count] = micros(v.timestamp());
    published[count] = publishedMicros;
    sequence[count] = s.sequence();
    provenance[count] = s.provenance();
    quality[count] = v.quality().name();
    heartbeat[count] = (byte) (s.heartbeat() ? 1 : 0);
    count++;
    bytes += cost(v);
  }

  static long micros(java.time.Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
  }

  int count() {
    return count;
  }

  long bytes() {
    return bytes;
  }

  ValueType type() {
    return type;
  }

  /**
   * The codes of the first sample, whose width, scale, offset and special codes every sample of
   * these columns shares; null when the vectors are doubles.
   */
  ScaledCodes codes() {
    return codes;
  }

  /**
   * The values as HDF5 wants them: a 2-D array for vectors (doubles, or the codes as {@code byte}
   * or {@code short} when the vectors are codes), a typed 1-D array for scalars.
   */
  Object values() {
    switch (type) {
      case DOUBLE_ARRAY -> {
        if (codes != null) {
          return codeRows();
        }
        double[][] out = new double[count][];
        for (int i = 0; i < count; i++) {
          out[i] = ((Value) values[i]).asDoubles();
        }
        return out;
      }
      case DOUBLE -> {
        double[] out = new double[count];
        for (int i = 0; i < count; i++) {
          out[i] = ((Value) values[i]).asDouble();
        }
        return out;
      }
      case INTEGER -> {
        long[] out = new long[count];
        for (int i = 0; i < count; i++) {
          out[i] = ((Value) values[i]).asLong();
        }
        return out;
      }
      case BOOLEAN -> {
        byte[] out = new byte[count];
        for (int i = 0; i < count; i++) {
          out[i] = (byte) (((Value) values[i]).asBoolean() ? 1 : 0);
        }
        return out;
      }
      default -> {
        String[] out = new String[count];
        for (int i = 0; i < count; i++) {
          out[i] = ((Value) values[i]).asString();
        }
        return out;
      }
    }
  }

  private Object codeRows() {
    if (codes.width() == ScaledCodes.Width.INT8) {
      byte[][] out = new byte[count][];
      for (int i = 0; i < count; i++) {
        out[i] = ((Value) values[i]).scaledCodes().littleEndianBytes();
      }
      return out;
    }
    short[][] out = new short[count][];
    for (int i = 0; i < count; i++) {
      out[i] = ((Value) values[i]).scaledCodes().codes();
    }
    return out;
  }

  long[] acquired() {
    return Arrays.copyOf(acquired, count);
  }

  long[] published() {
    return Arrays.copyOf(published, count);
  }

  long[] sequence() {
    return Arrays.copyOf(sequence, count);
  }

  long[] provenance() {
    return Arrays.copyOf(provenance, count);
  }

  String[] quality() {
    return Arrays.copyOf(quality, count);
  }

  byte[] heartbeat() {
    return Arrays.copyOf(heartbeat, count);
  }
}
