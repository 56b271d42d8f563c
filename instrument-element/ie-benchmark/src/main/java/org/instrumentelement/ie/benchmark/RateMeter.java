package org.instrumentelement.ie.benchmark;

import java.time.Duration;
import java.util.function.LongSupplier;
import org.instrumentelement.ie.measure.ProcessCpu;

/**
 * Measures something already running: {@code --reps} times, for {@code --measure} each, the events
 * counted per second and the IE's CPU time per event (and the system time in it), of which the
 * medians are reported.
 */
final class RateMeter {
  private final Duration measure;
  private final int reps;

  RateMeter(Duration measure, int reps) {
    this.measure = measure;
    this.reps = reps;
  }

  /**
   * The repetitions of a measurement.
   *
   * @param perSecond events per second
   * @param cpuMicrosPerEvent the IE's CPU time per event in microseconds, NaN where none came
   * @param systemMicrosPerEvent of that, the time in the kernel (system time)
   */
  record Rates(double[] perSecond, double[] cpuMicrosPerEvent, double[] systemMicrosPerEvent) {
    /** The median rate. */
    double rate() {
      return Statistics.median(perSecond);
    }

    /** The median CPU time per event. */
    double cpuMicros() {
      return Statistics.median(cpuMicrosPerEvent);
    }

    /** The median system (kernel) time per event, a part of {@link #cpuMicros()}. */
    double systemMicros() {
      return Statistics.median(systemMicrosPerEvent);
    }
  }

  /** Counts {@code events} and the CPU time of {@code ie} over each repetition. */
  Rates measure(ProcessCpu ie, LongSupplier events) throws InterruptedException {
    double[] rate = new double[reps];
    double[] cpu = new double[reps];
    double[] system = new double[reps];
    for (int r = 0; r < reps; r++) {
      double s0 = ie.systemSeconds();
      double c0 = ie.seconds();
      long n0 = events.getAsLong();
      long t0 = System.nanoTime();
      Thread.sleep(measure.toMillis());
      long n = events.getAsLong() - n0;
      rate[r] = Statistics.perSecond(n, System.nanoTime() - t0);
      cpu[r] = n == 0 ? Double.NaN : (ie.seconds() - c0) * 1e6 / n;
      system[r] = n == 0 ? Double.NaN : (ie.systemSeconds() - s0) * 1e6 / n;
    }
    return new Rates(rate, cpu, system);
  }
}
