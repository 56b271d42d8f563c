package org.instrumentelement.ie.contract;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The packed columns of a raw history answer ({@code getHistory} with {@code packed},
 * docs/history.md), written once for the IE and every Java client. Samples come in time order,
 * mostly at a regular rate, with consecutive sequence numbers and a quality and a provenance that
 * rarely change; packed, they take about 10 bytes a sample (the float64 value and one byte of time)
 * instead of 33.
 *
 * <table>
 *   <caption>Packed columns</caption>
 *   <tr><th>column</th><th>bytes</th></tr>
 *   <tr><td>packedTimes</td><td>the first time as int64 LE (µs since the epoch); then for each
 *       following sample the zigzag LEB128 varint of its delta of delta, {@code (t[i] - t[i-1]) -
 *       (t[i-1] - t[i-2])}, the delta before the second sample taken as 0; arithmetic wraps as
 *       int64 does; no samples: no bytes</td></tr>
 *   <tr><td>sequenceRuns</td><td>runs of consecutive sequence numbers, each: first int64 LE, length
 *       uint32 LE</td></tr>
 *   <tr><td>qualityRuns</td><td>runs of equal quality, each: quality byte, length uint32 LE</td></tr>
 *   <tr><td>provenanceRuns</td><td>runs of equal provenance revision, each: revision int64 LE,
 *       length uint32 LE</td></tr>
 * </table>
 *
 * <p>A run has 1 or more samples and the runs of a column add up to the answer's {@code count}. The
 * decoders take that count from the caller, who bounds it (the IE answers at most {@code
 * history.rawLimit} samples): they allocate the count's arrays and nothing that grows with a length
 * read from the bytes, and throw {@link IllegalArgumentException} for bytes that do not hold
 * exactly that many samples (truncated, trailing, a varint over 64 bits, run lengths that do not
 * add up, a run of sequence numbers past {@link Long#MAX_VALUE}).
 */
public final class PackedColumns {
  /** Bytes of a sequence or provenance run: int64 and uint32. */
  public static final int LONG_RUN = 12;

  /** Bytes of a quality run: one byte and uint32. */
  public static final int QUALITY_RUN = 5;

  /** The most bytes of a varint of 64 bits. */
  private static final int MAX_VARINT = 10;

  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  private PackedColumns() {}

  /** The first {@code n} times, packed. */
  public static byte[] packTimes(long[] times, int n) {
    check(times.length, n);
    if (n == 0) {
      return new byte[0];
    }
    // Regular sampling takes a byte a sample; the array grows for jitter.
    byte[] out = new byte[8 + 2 * (n - 1) + MAX_VARINT];
    putLong(out, 0, times[0]);
    int pos = 8;
    long previousDelta = 0;
    for (int i = 1; i < n; i++) {
      if (out.length - pos < MAX_VARINT) {
        out = Arrays.copyOf(out, out.length + Math.max(out.length / 2, MAX_VARINT));
      }
      long delta = times[i] - times[i - 1];
      long dod = delta - previousDelta;
      previousDelta = delta;
      long z = (dod << 1) ^ (dod >> 63);
      while ((z & ~0x7FL) != 0) {
        out[pos++] = (byte) ((z & 0x7F) | 0x80);
        z >>>= 7;
      }
      out[pos++] = (byte) z;
    }
    return Arrays.copyOf(out, pos);
  }

  /**
   * The {@code count} times that {@code packed} holds.
   *
   * @throws IllegalArgumentException if it does not hold exactly {@code count} times
   */
  public static long[] unpackTimes(byte[] packed, int count) {
    checkCount(count);
    if (count == 0) {
      if (packed.length != 0) {
        throw new IllegalArgumentException(packed.length + " bytes of times for no samples");
      }
      return new long[0];
    }
    if (packed.length < 8) {
      throw new IllegalArgumentException("packed times of " + packed.length + " bytes: truncated");
    }
    // Each time after the first takes at least one byte.
    if (packed.length - 8 < count - 1) {
      throw new IllegalArgumentException(
          "packed times of " + packed.length + " bytes cannot hold " + count + " samples");
    }
    long[] t = new long[count];
    t[0] = getLong(packed, 0);
    int pos = 8;
    long delta = 0;
    for (int i = 1; i < count; i++) {
      long z = 0;
      int shift = 0;
      while (true) {
        if (pos >= packed.length) {
          throw new IllegalArgumentException("packed times truncated in sample " + i);
        }
        int b = packed[pos++] & 0xFF;
        if (shift == 63 && b > 1) {
          throw new IllegalArgumentException("a varint over 64 bits in sample " + i);
        }
        z |= (long) (b & 0x7F) << shift;
        if ((b & 0x80) == 0) {
          break;
        }
        shift += 7;
      }
      long dod = (z >>> 1) ^ -(z & 1);
      delta += dod;
      t[i] = t[i - 1] + delta;
    }
    if (pos != packed.length) {
      throw new IllegalArgumentException(
          (packed.length - pos) + " bytes after the " + count + " packed times");
    }
    return t;
  }

  /** The first {@code n} sequence numbers as runs of consecutive numbers. */
  public static byte[] packSequenceRuns(long[] sequences, int n) {
    check(sequences.length, n);
    return longRuns(sequences, n, true);
  }

  /**
   * The {@code count} sequence numbers of {@code runs}.
   *
   * @throws IllegalArgumentException if the runs do not hold exactly {@code count} numbers, or a
   *     run goes past {@link Long#MAX_VALUE}
   */
  public static long[] unpackSequenceRuns(byte[] runs, int count) {
    return unpackLongRuns(runs, count, true, "sequence");
  }

  /** The first {@code n} provenance revisions as runs of equal revisions. */
  public static byte[] packProvenanceRuns(long[] provenances, int n) {
    check(provenances.length, n);
    return longRuns(provenances, n, false);
  }

  /**
   * The {@code count} provenance revisions of {@code runs}.
   *
   * @throws IllegalArgumentException if the runs do not hold exactly {@code count} revisions
   */
  public static long[] unpackProvenanceRuns(byte[] runs, int count) {
    return unpackLongRuns(runs, count, false, "provenance");
  }

  /** The first {@code n} qualities as runs of equal qualities. */
  public static byte[] packQualityRuns(byte[] qualities, int n) {
    check(qualities.length, n);
    int runs = 0;
    for (int i = 0; i < n; i++) {
      if (i == 0 || qualities[i] != qualities[i - 1]) {
        runs++;
      }
    }
    byte[] out = new byte[QUALITY_RUN * runs];
    int pos = 0;
    int start = 0;
    for (int i = 1; i <= n; i++) {
      if (i == n || qualities[i] != qualities[start]) {
        out[pos] = qualities[start];
        putInt(out, pos + 1, i - start);
        pos += QUALITY_RUN;
        start = i;
      }
    }
    return out;
  }

  /**
   * The {@code count} qualities of {@code runs}.
   *
   * @throws IllegalArgumentException if the runs do not hold exactly {@code count} qualities
   */
  public static byte[] unpackQualityRuns(byte[] runs, int count) {
    checkCount(count);
    if (runs.length % QUALITY_RUN != 0) {
      throw new IllegalArgumentException(
          runs.length + " bytes are not whole quality runs of " + QUALITY_RUN + " bytes");
    }
    byte[] q = new byte[count];
    int at = 0;
    for (int pos = 0; pos < runs.length; pos += QUALITY_RUN) {
      int length = runLength(runs, pos + 1, at, count, "quality");
      Arrays.fill(q, at, at + length, runs[pos]);
      at += length;
    }
    if (at != count) {
      throw new IllegalArgumentException("quality runs hold " + at + " samples, not " + count);
    }
    return q;
  }

  private static byte[] longRuns(long[] v, int n, boolean consecutive) {
    int runs = 0;
    for (int i = 0; i < n; i++) {
      if (i == 0 || !continues(v[i - 1], v[i], consecutive)) {
        runs++;
      }
    }
    byte[] out = new byte[LONG_RUN * runs];
    int pos = 0;
    int start = 0;
    for (int i = 1; i <= n; i++) {
      if (i == n || !continues(v[i - 1], v[i], consecutive)) {
        putLong(out, pos, v[start]);
        putInt(out, pos + 8, i - start);
        pos += LONG_RUN;
        start = i;
      }
    }
    return out;
  }

  private static boolean continues(long previous, long next, boolean consecutive) {
    return consecutive ? previous != Long.MAX_VALUE && next == previous + 1 : next == previous;
  }

  private static long[] unpackLongRuns(byte[] runs, int count, boolean consecutive, String what) {
    checkCount(count);
    if (runs.length % LONG_RUN != 0) {
      throw new IllegalArgumentException(
          runs.length + " bytes are not whole " + what + " runs of " + LONG_RUN + " bytes");
    }
    long[] v = new long[count];
    int at = 0;
    for (int pos = 0; pos < runs.length; pos += LONG_RUN) {
      long first = getLong(runs, pos);
      int length = runLength(runs, pos + 8, at, count, what);
      if (consecutive) {
        if (first > Long.MAX_VALUE - (length - 1)) {
          throw new IllegalArgumentException(
              "a run of " + length + " sequence numbers from " + first + " overflows");
        }
        for (int i = 0; i < length; i++) {
          v[at + i] = first + i;
        }
      } else {
        Arrays.fill(v, at, at + length, first);
      }
      at += length;
    }
    if (at != count) {
      throw new IllegalArgumentException(what + " runs hold " + at + " samples, not " + count);
    }
    return v;
  }

  /** A run's length (uint32 at {@code pos}): 1 or more, and no more than the samples left. */
  private static int runLength(byte[] runs, int pos, int at, int count, String what) {
    long length = getInt(runs, pos) & 0xFFFF_FFFFL;
    if (length == 0) {
      throw new IllegalArgumentException("a " + what + " run of no samples");
    }
    if (length > count - at) {
      throw new IllegalArgumentException(
          what + " runs hold more than the " + count + " samples of the answer");
    }
    return (int) length;
  }

  private static void check(int length, int n) {
    if (n < 0 || n > length) {
      throw new IllegalArgumentException(n + " samples of an array of " + length);
    }
  }

  private static void checkCount(int count) {
    if (count < 0) {
      throw new IllegalArgumentException("a count of " + count + " samples");
    }
  }

  private static void putLong(byte[] b, int pos, long v) {
    LONG.set(b, pos, v);
  }

  private static long getLong(byte[] b, int pos) {
    return (long) LONG.get(b, pos);
  }

  private static void putInt(byte[] b, int pos, int v) {
    INT.set(b, pos, v);
  }

  private static int getInt(byte[] b, int pos) {
    return (int) INT.get(b, pos);
  }
}
