package org.instrumentelement.ie.history;

import java.util.Arrays;
import java.util.Objects;
import org.instrumentelement.ial.trace.ScaledCodes;

/**
 * The samples of one segment as columns, in time order: the open segment a series fills in memory,
 * or a written one read back. Not thread-safe: its series guards it.
 *
 * <p>The vectors of a segment are all doubles or all codes of one width and one set of special
 * codes (their scale and offset may change from row to row); a row of codes keeps its codes only,
 * so that the open segment weighs in memory what it will on disk.
 */
final class Columns {
  private long[] time;
  private long[] sequence;
  private byte[] quality;
  private long[] provenance;
  private double[] value; // scalars
  private double[][] vectors; // vectors of doubles
  private ScaledCodes[] codes; // vectors of codes (their rows in vectors are null)
  private int size;
  private final boolean vector;
  private long vectorBytes;

  Columns(boolean vector, int capacity) {
    this.vector = vector;
    int c = Math.max(16, capacity);
    time = new long[c];
    sequence = new long[c];
    quality = new byte[c];
    provenance = new long[c];
    if (vector) {
      vectors = new double[c][];
      codes = new ScaledCodes[c];
    } else {
      value = new double[c];
    }
  }

  /**
   * Columns read from a segment file, sized exactly; a vector segment of codes has {@code codes}
   * and {@code vectors} of nulls.
   */
  static Columns of(
      long[] time,
      long[] sequence,
      byte[] quality,
      long[] provenance,
      double[] value,
      double[][] vectors,
      ScaledCodes[] codes) {
    Columns c = new Columns(vectors != null, 0);
    c.time = time;
    c.sequence = sequence;
    c.quality = quality;
    c.provenance = provenance;
    c.value = value;
    c.vectors = vectors;
    c.codes = vectors == null ? null : codes != null ? codes : new ScaledCodes[vectors.length];
    c.size = time.length;
    if (vectors != null) {
      for (int i = 0; i < c.size; i++) {
        c.vectorBytes += rowBytes(c.vectors[i], c.codes[i]);
      }
    }
    return c;
  }

  boolean vector() {
    return vector;
  }

  int size() {
    return size;
  }

  long time(int i) {
    return time[i];
  }

  long sequence(int i) {
    return sequence[i];
  }

  int quality(int i) {
    return quality[i];
  }

  long provenance(int i) {
    return provenance[i];
  }

  double value(int i) {
    return value[i];
  }

  /** The doubles of vector row {@code i} (a row of codes decoded). */
  double[] vectorAt(int i) {
    return vectors[i] != null ? vectors[i] : codes[i].toDoubles();
  }

  /** The codes of vector row {@code i}, or {@code null} for a row of doubles. */
  ScaledCodes codesAt(int i) {
    return codes[i];
  }

  /** The length of the vectors, or 0 for scalars or no rows. */
  int vectorLength() {
    return vector && size > 0 ? lengthOf(0) : 0;
  }

  private int lengthOf(int i) {
    return vectors[i] != null ? vectors[i].length : codes[i].length();
  }

  /**
   * Whether the vectors are codes: the codes of the first row (the width and special codes every
   * row shares), or {@code null} for doubles, scalars or no rows.
   */
  ScaledCodes codesKind() {
    return vector && size > 0 ? codes[0] : null;
  }

  /**
   * Whether vector sample {@code s} may join these columns: as long as the vectors so far, and
   * doubles after doubles or codes of the same width and special codes after codes.
   */
  boolean fits(Sample s) {
    if (!vector || size == 0) {
      return true;
    }
    if (s.vectorLength() != vectorLength()) {
      return false;
    }
    ScaledCodes kind = codes[0];
    ScaledCodes c = s.codes();
    if (kind == null || c == null) {
      return kind == c;
    }
    return kind.width() == c.width()
        && Objects.equals(kind.nanCode(), c.nanCode())
        && Objects.equals(kind.clipLowCode(), c.clipLowCode())
        && Objects.equals(kind.clipHighCode(), c.clipHighCode());
  }

  private static long rowBytes(double[] doubles, ScaledCodes c) {
    return doubles != null ? 8L * doubles.length : c.littleEndianBytes().length + 16L;
  }

  Sample sample(int i) {
    return new Sample(
        time[i],
        sequence[i],
        quality[i],
        provenance[i],
        vector ? Double.NaN : value[i],
        vector ? vectors[i] : null,
        vector ? codes[i] : null);
  }

  void add(Sample s) {
    if (size == time.length) {
      int c = size * 2;
      time = Arrays.copyOf(time, c);
      sequence = Arrays.copyOf(sequence, c);
      quality = Arrays.copyOf(quality, c);
      provenance = Arrays.copyOf(provenance, c);
      if (vector) {
        vectors = Arrays.copyOf(vectors, c);
        codes = Arrays.copyOf(codes, c);
      } else {
        value = Arrays.copyOf(value, c);
      }
    }
    time[size] = s.timeMicros();
    sequence[size] = s.sequence();
    quality[size] = (byte) Math.min(127, Math.max(0, s.quality()));
    provenance[size] = s.provenance();
    if (vector) {
      ScaledCodes c = s.codes();
      vectors[size] = c == null ? s.vector() : null;
      codes[size] = c;
      vectorBytes += rowBytes(vectors[size], c);
    } else {
      value[size] = s.value();
    }
    size++;
  }

  /** Rows per block of {@link #blocks()}. */
  static final int BLOCK = 64;

  /**
   * The minimum, maximum, sum and worst quality of each whole block of {@link #BLOCK} rows of a
   * scalar segment, so that a trend takes a block that falls inside one bucket at once instead of
   * row by row. Computed once, on first use, for columns that no longer change (a segment read back
   * or being written; never the open one, whose trend copies are new each time).
   */
  record Blocks(double[] min, double[] max, double[] sum, byte[] worst) {}

  private volatile Blocks blocks;

  Blocks blocks() {
    Blocks b = blocks;
    if (b == null) {
      synchronized (this) {
        b = blocks;
        if (b == null) {
          int n = size / BLOCK;
          double[] min = new double[n];
          double[] max = new double[n];
          double[] sum = new double[n];
          byte[] worst = new byte[n];
          for (int k = 0; k < n; k++) {
            int i = k * BLOCK;
            double lo = value[i];
            double hi = lo;
            double total = 0;
            byte w = 0;
            for (int j = i; j < i + BLOCK; j++) {
              double v = value[j];
              lo = Math.min(lo, v);
              hi = Math.max(hi, v);
              total += v;
              w = (byte) Math.max(w, quality[j]);
            }
            min[k] = lo;
            max[k] = hi;
            sum[k] = total;
            worst[k] = w;
          }
          b = new Blocks(min, max, sum, worst);
          blocks = b;
        }
      }
    }
    return b;
  }

  /** About how many bytes the columns hold (what a segment of them weighs). */
  long bytes() {
    return size * (vector ? 25L : 33L) + vectorBytes;
  }

  /** The first row at or after {@code t}; {@link #size()} if none. */
  int firstAtOrAfter(long t) {
    int lo = 0;
    int hi = size;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (time[mid] < t) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** The first row after {@code (t, seq)} in (time, sequence) order; {@link #size()} if none. */
  int firstAfter(long t, long seq) {
    int i = firstAtOrAfter(t);
    while (i < size && time[i] == t && sequence[i] <= seq) {
      i++;
    }
    return i;
  }

  /** The last row at or before {@code t}, or -1. */
  int lastAtOrBefore(long t) {
    return firstAtOrAfter(t == Long.MAX_VALUE ? t : t + 1) - 1;
  }

  /** Copies rows {@code [from, from + n)} into the page's columns at {@code at}. */
  void copyTo(int from, int n, PageColumns page, int at) {
    System.arraycopy(time, from, page.times, at, n);
    System.arraycopy(sequence, from, page.sequences, at, n);
    System.arraycopy(quality, from, page.qualities, at, n);
    System.arraycopy(provenance, from, page.provenances, at, n);
    if (vector) {
      for (int i = 0; i < n; i++) {
        page.vectors[at + i] = vectorAt(from + i); // a raw page gives doubles
      }
    } else {
      System.arraycopy(value, from, page.values, at, n);
    }
  }

  /** The columns of a raw page being filled. */
  static final class PageColumns {
    final long[] times;
    final long[] sequences;
    final byte[] qualities;
    final long[] provenances;
    final double[] values;
    final double[][] vectors;

    PageColumns(boolean vector, int capacity) {
      times = new long[capacity];
      sequences = new long[capacity];
      qualities = new byte[capacity];
      provenances = new long[capacity];
      values = vector ? null : new double[capacity];
      vectors = vector ? new double[capacity][] : null;
    }
  }

  /** Exact copies of the columns, trimmed to their size (for writing a segment). */
  long[] times() {
    return Arrays.copyOf(time, size);
  }

  long[] sequences() {
    return Arrays.copyOf(sequence, size);
  }

  byte[] qualities() {
    return Arrays.copyOf(quality, size);
  }

  long[] provenances() {
    return Arrays.copyOf(provenance, size);
  }

  double[] values() {
    return Arrays.copyOf(value, size);
  }

  double[][] vectors() {
    return Arrays.copyOf(vectors, size);
  }

  ScaledCodes[] codes() {
    return Arrays.copyOf(codes, size);
  }
}
