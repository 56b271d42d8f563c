package org.instrumentelement.ie.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * CPU seconds of a process sampled over time, so that the CPU time of any window can be read
 * afterwards: a JMeter run's measured window is only known once its results are read.
 */
public final class CpuTimeline {
  private final List<Long> times = new ArrayList<>();
  private final List<Double> values = new ArrayList<>();

  /** Records a reading ({@link ProcessCpu#seconds()}); NaN readings are left out. */
  public synchronized void add(long epochMillis, double cpuSeconds) {
    if (!Double.isNaN(cpuSeconds)) {
      times.add(epochMillis);
      values.add(cpuSeconds);
    }
  }

  /** CPU seconds used between two instants, interpolated; NaN without readings around them. */
  public synchronized double between(long fromMillis, long toMillis) {
    return at(toMillis) - at(fromMillis);
  }

  private double at(long t) {
    int n = times.size();
    if (n < 2 || t < times.get(0) || t > times.get(n - 1)) {
      return Double.NaN;
    }
    for (int i = 1; i < n; i++) {
      long t1 = times.get(i);
      if (t <= t1) {
        long t0 = times.get(i - 1);
        double v0 = values.get(i - 1);
        double v1 = values.get(i);
        return t1 == t0 ? v1 : v0 + (v1 - v0) * (t - t0) / (double) (t1 - t0);
      }
    }
    return values.get(n - 1);
  }
}
