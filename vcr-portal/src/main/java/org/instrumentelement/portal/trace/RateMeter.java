package org.instrumentelement.portal.trace;

/**
 * Updates per second over the last few seconds of arrivals: what an operator reads as "the trace
 * updates 5 times a second". Not thread-safe; the owner synchronises.
 */
final class RateMeter {
  private final long windowNanos;
  private final long[] times;
  private int count;
  private int next;

  RateMeter(long windowNanos, int capacity) {
    this.windowNanos = windowNanos;
    this.times = new long[capacity];
  }

  void mark(long nowNanos) {
    times[next] = nowNanos;
    next = (next + 1) % times.length;
    count = Math.min(count + 1, times.length);
  }

  /** Arrivals per second in the window ending {@code nowNanos}; 0 with fewer than two. */
  double rate(long nowNanos) {
    int inWindow = 0;
    long oldest = nowNanos;
    long newest = Long.MIN_VALUE;
    for (int i = 0; i < count; i++) {
      long t = times[(next - 1 - i + times.length) % times.length];
      if (nowNanos - t > windowNanos) {
        break;
      }
      inWindow++;
      oldest = t;
      newest = Math.max(newest, t);
    }
    if (inWindow < 2 || newest <= oldest) {
      return 0;
    }
    // A trace that stopped arriving decays: measure to now if the last one is overdue.
    double span = Math.max(newest - oldest, (nowNanos - oldest) * (inWindow - 1.0) / inWindow);
    return (inWindow - 1) / (span / 1e9);
  }
}
