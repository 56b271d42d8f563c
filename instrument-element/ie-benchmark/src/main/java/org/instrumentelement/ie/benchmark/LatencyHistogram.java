package org.instrumentelement.ie.benchmark;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Latencies of many viewers at once, recorded from their delivery threads without locks: counts in
 * buckets of {@value #BUCKET_MICROS} us up to {@value #MAX_MILLIS} ms (beyond: the last bucket),
 * plus the largest value exactly. Millions of frames cost a fixed 800 KB.
 */
final class LatencyHistogram {
  static final int BUCKET_MICROS = 100;
  static final int MAX_MILLIS = 10_000;
  private static final int BUCKETS = MAX_MILLIS * 1000 / BUCKET_MICROS + 1;

  private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
  private final AtomicLong total = new AtomicLong();
  private final AtomicLong max = new AtomicLong(Long.MIN_VALUE);
  private final AtomicLong over = new AtomicLong();
  private final long overMicros;

  /**
   * @param overMicros latencies above this are also counted apart (the "never older than" bound)
   */
  LatencyHistogram(long overMicros) {
    this.overMicros = overMicros;
  }

  void record(long micros) {
    int b = (int) Math.min(BUCKETS - 1, Math.max(0, micros / BUCKET_MICROS));
    counts.incrementAndGet(b);
    total.incrementAndGet();
    max.accumulateAndGet(micros, Math::max);
    if (micros > overMicros) {
      over.incrementAndGet();
    }
  }

  long count() {
    return total.get();
  }

  /** Values above the bound given at construction. */
  long over() {
    return over.get();
  }

  /** The largest value in milliseconds; NaN without values. */
  double maxMillis() {
    return count() == 0 ? Double.NaN : max.get() / 1000.0;
  }

  /**
   * The value at this fraction (0..1) in milliseconds, as the upper edge of its bucket (so never
   * below the true value); NaN without values.
   */
  double percentileMillis(double fraction) {
    long n = count();
    if (n == 0) {
      return Double.NaN;
    }
    long rank = (long) Math.min(n - 1, Math.floor(fraction * n));
    long seen = 0;
    for (int b = 0; b < BUCKETS; b++) {
      seen += counts.get(b);
      if (seen > rank) {
        return b == BUCKETS - 1
            ? max.get() / 1000.0 // beyond the buckets: only the largest is known
            : Math.min((b + 1) * (double) BUCKET_MICROS, max.get()) / 1000.0;
      }
    }
    return max.get() / 1000.0;
  }
}
