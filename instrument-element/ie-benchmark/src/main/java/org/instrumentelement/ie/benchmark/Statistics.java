package org.instrumentelement.ie.benchmark;

import java.util.Arrays;

/**
 * The benchmark's statistics: means and standard deviations, medians of repetitions (a busy moment
 * of the shared machine moves one repetition, not the figure), latency percentiles, rates, and the
 * heap's trend over the soak.
 */
final class Statistics {
  private Statistics() {}

  /** The median; of an even number of values, the upper of the two middle ones. */
  static double median(double... values) {
    if (values.length == 0) {
      return Double.NaN;
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  /**
   * The value at this fraction (0..1) of the sorted values: the one at index {@code floor(fraction
   * * n)}, the last for 1; NaN without values.
   */
  static double percentile(long[] values, double fraction) {
    int n = values.length;
    if (n == 0) {
      return Double.NaN;
    }
    long[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[(int) Math.min(n - 1, Math.floor(fraction * n))];
  }

  /** The arithmetic mean; NaN without values. */
  static double mean(double... values) {
    return values.length == 0 ? Double.NaN : Arrays.stream(values).sum() / values.length;
  }

  /** The sample standard deviation (divided by n - 1); NaN for fewer than two values. */
  static double standardDeviation(double... values) {
    int n = values.length;
    if (n < 2) {
      return Double.NaN;
    }
    double mean = mean(values);
    double squares = 0;
    for (double v : values) {
      squares += (v - mean) * (v - mean);
    }
    return Math.sqrt(squares / (n - 1));
  }

  /** Events per second over an interval measured in nanoseconds. */
  static double perSecond(long events, long nanos) {
    return events / (nanos / 1e9);
  }

  /** The least-squares slope of y over x; NaN for fewer than two points. */
  static double slope(double[] x, double[] y) {
    int n = x.length;
    if (n < 2) {
      return Double.NaN;
    }
    double sx = 0;
    double sy = 0;
    double sxy = 0;
    double sxx = 0;
    for (int i = 0; i < n; i++) {
      sx += x[i];
      sy += y[i];
      sxy += x[i] * y[i];
      sxx += x[i] * x[i];
    }
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
  }
}
