package org.instrumentelement.ie.opcuapeer;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Latencies recorded from many threads without locks, in buckets of {@value #BUCKET_MICROS} µs up
 * to {@value #MAX_MILLIS} ms (beyond: the last bucket), so that a window of hundreds of thousands
 * of reads costs a fixed 1.6 MB. {@link #takePercentiles} reads a window's percentiles and starts
 * the next window.
 */
final class LatencyRecorder {
  static final int BUCKET_MICROS = 10;
  static final int MAX_MILLIS = 2_000;
  private static final int BUCKETS = MAX_MILLIS * 1000 / BUCKET_MICROS + 1;

  /**
   * A window's latencies: how many, and the 50th and 99th percentiles in µs (upper bucket edges).
   */
  record Percentiles(long samples, long p50Micros, long p99Micros) {}

  private volatile AtomicLongArray counts = new AtomicLongArray(BUCKETS);

  void record(long micros) {
    int b = (int) Math.min(BUCKETS - 1, Math.max(0, micros / BUCKET_MICROS));
    counts.incrementAndGet(b);
  }

  /**
   * The percentiles of what was recorded since the last call (a value recorded while the window
   * changes may land in either), -1 for none.
   */
  Percentiles takePercentiles() {
    AtomicLongArray window = counts;
    counts = new AtomicLongArray(BUCKETS);
    long[] c = new long[BUCKETS];
    long n = 0;
    for (int b = 0; b < BUCKETS; b++) {
      c[b] = window.get(b);
      n += c[b];
    }
    return new Percentiles(n, percentile(c, n, 0.5), percentile(c, n, 0.99));
  }

  /** The upper edge of the bucket holding the value at this fraction of the sorted values. */
  private static long percentile(long[] counts, long n, double fraction) {
    if (n == 0) {
      return -1;
    }
    long rank = (long) Math.min(n - 1, Math.floor(fraction * n));
    long seen = 0;
    for (int b = 0; b < counts.length; b++) {
      seen += counts[b];
      if (seen > rank) {
        return (b + 1L) * BUCKET_MICROS;
      }
    }
    return (long) counts.length * BUCKET_MICROS;
  }
}
