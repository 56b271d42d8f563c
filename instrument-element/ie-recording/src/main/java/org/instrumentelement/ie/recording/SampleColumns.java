package org.instrumentelement.ie.recording;

import java.util.Arrays;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;
import org.instrumentelement.im.sampling.Sample;

/**
 * The samples of one attribute in the segment being filled, column by column as they will be
 * written: values (vectors by reference, never copied), acquisition and publication times, sequence
 * numbers, provenance revisions, qualities and heartbeat flags. One segment holds one type and one
 * vector length per attribute; a sample that does not fit closes the segment.
 */
final class SampleColumns {
  /** What a sample costs besides its value: four longs, a quality, a flag, references. */
  static final int PER_SAMPLE_BYTES = 56;

  private final ValueType type;
  private final int length;
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
  }

  /** Whether a value can join these columns (same type, same vector length). */
  boolean fits(Value v) {
    return v.type() == type && (type != ValueType.DOUBLE_ARRAY || v.vectorLength() == length);
  }

  /** What a sample of this value takes in memory and (about) on disk. */
  static long cost(Value v) {
    return PER_SAMPLE_BYTES
        + switch (v.type()) {
          case DOUBLE_ARRAY -> 8L * v.vectorLength();
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

  /** The values as HDF5 wants them: a 2-D array for vectors, a typed 1-D array for scalars. */
  Object values() {
    switch (type) {
      case DOUBLE_ARRAY -> {
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
