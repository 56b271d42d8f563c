package org.instrumentelement.ial.trace;

/**
 * The statistics of a trace, taken in one pass: the simulated scopes' automatic measurements, the
 * alarm limits on a vector's statistic and the oscilloscope IM's figures all read them here.
 *
 * @param count the number of samples
 * @param min the smallest sample (+infinity for no samples)
 * @param max the largest sample (-infinity for no samples)
 * @param mean the arithmetic mean (NaN for no samples)
 * @param rms the root mean square (NaN for no samples)
 */
public record TraceStatistics(int count, double min, double max, double mean, double rms) {

  /** The statistics of {@code v}. */
  public static TraceStatistics of(double[] v) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    double squares = 0;
    for (double x : v) {
      min = Math.min(min, x);
      max = Math.max(max, x);
      sum += x;
      squares += x * x;
    }
    return new TraceStatistics(v.length, min, max, sum / v.length, Math.sqrt(squares / v.length));
  }

  /** The largest sample minus the smallest. */
  public double peakToPeak() {
    return max - min;
  }

  /**
   * The period of a trace whose samples are {@code dt} seconds apart, from the rising crossings of
   * its mid level (with a tenth of its span as hysteresis against noise); NaN with fewer than two.
   */
  public static double period(double[] v, double dt) {
    TraceStatistics s = of(v);
    double mid = (s.min + s.max) / 2;
    double hysteresis = (s.max - s.min) / 10;
    if (!(hysteresis > 0)) {
      return Double.NaN;
    }
    int first = -1;
    int last = -1;
    int crossings = 0;
    boolean armed = false;
    for (int i = 0; i < v.length; i++) {
      if (v[i] < mid - hysteresis) {
        armed = true;
      } else if (armed && v[i] > mid) {
        armed = false;
        if (first < 0) {
          first = i;
        }
        last = i;
        crossings++;
      }
    }
    return crossings < 2 ? Double.NaN : (last - first) * dt / (crossings - 1);
  }
}
