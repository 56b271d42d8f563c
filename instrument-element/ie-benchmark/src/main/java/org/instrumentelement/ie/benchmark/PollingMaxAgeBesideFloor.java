package org.instrumentelement.ie.benchmark;

import java.util.Arrays;
import java.util.Locale;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.measure.ProcessCpu;

/**
 * The floor ({@link PollingFloor}) and the maxAge point ({@link PollingMaxAge}) measured side by
 * side, so that what loads the machine besides weighs on both alike: both loads connected at once,
 * one of them paused while the other is measured, in pairs of windows of {@code --measure} each,
 * the order of the two turned every pair (floor first, then maxAge first, ...), twice as many pairs
 * as {@code --reps}. Each pair gives the ratio of the maxAge point's IE CPU per answer to the
 * floor's; the medians of each point are reported as the two points' figures, and the ratios with
 * their median and largest.
 */
record PollingMaxAgeBesideFloor(BenchmarkOptions options) implements Measurement {
  /** After a load is paused, how long its last answers take to leave before a window opens. */
  private static final long SETTLE_MILLIS = 300;

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    try (HttpLoad floor = PollingFloor.load(ie);
        HttpLoad maxAge = PollingMaxAge.load(ie)) {
      long warmup = options.warmup().toMillis();
      long each = options.runs("polling") ? Math.min(warmup, 10_000) : warmup;
      maxAge.pause();
      Thread.sleep(each);
      floor.pause();
      maxAge.resume();
      Thread.sleep(each);
      maxAge.pause();
      int pairs = 2 * options.reps();
      double[][] floorFigures = new double[3][pairs];
      double[][] maxAgeFigures = new double[3][pairs];
      double[] ratios = new double[pairs];
      for (int i = 0; i < pairs; i++) {
        boolean floorFirst = i % 2 == 0;
        for (int turn = 0; turn < 2; turn++) {
          boolean isFloor = floorFirst == (turn == 0);
          measure(ie.cpu(), isFloor ? floor : maxAge, isFloor ? floorFigures : maxAgeFigures, i);
        }
        ratios[i] = maxAgeFigures[1][i] / floorFigures[1][i];
        Progress.log(
            String.format(
                Locale.ROOT,
                "  pair %d (%s first): floor %.1f us, maxAge %.1f us per answer: ratio %.3f",
                i + 1,
                floorFirst ? "floor" : "maxAge",
                floorFigures[1][i],
                maxAgeFigures[1][i],
                ratios[i]));
      }
      results.pollingFloor =
          figures(PollingFloor.WHAT, floorFigures, floor.errors.get(), "polling floor");
      results.pollingMaxAge =
          figures(PollingMaxAge.WHAT, maxAgeFigures, maxAge.errors.get(), "polling with maxAge");
      double worst = Arrays.stream(ratios).max().orElse(Double.NaN);
      results.pollingMaxAgeToFloor =
          new Results.MaxAgeToFloor(ratios, Statistics.median(ratios), worst);
      Progress.log(
          String.format(
              Locale.ROOT,
              "polling with maxAge beside the floor, %d pairs: IE CPU per answer %.3f of the"
                  + " floor's (median), %.3f at most",
              pairs,
              Statistics.median(ratios),
              worst));
    }
  }

  /** One window of {@code load} alone: answers/s, IE CPU and system time per answer. */
  private void measure(ProcessCpu cpu, HttpLoad load, double[][] into, int i)
      throws InterruptedException {
    load.resume();
    double s0 = cpu.systemSeconds();
    double c0 = cpu.seconds();
    long n0 = load.responses.get();
    long t0 = System.nanoTime();
    Thread.sleep(options.measure().toMillis());
    long n = load.responses.get() - n0;
    double c1 = cpu.seconds();
    double s1 = cpu.systemSeconds();
    long t1 = System.nanoTime();
    load.pause();
    into[0][i] = Statistics.perSecond(n, t1 - t0);
    into[1][i] = n == 0 ? Double.NaN : (c1 - c0) * 1e6 / n;
    into[2][i] = n == 0 ? Double.NaN : (s1 - s0) * 1e6 / n;
    Thread.sleep(SETTLE_MILLIS);
  }

  private static Results.PollingFloor figures(
      String what, double[][] f, long errors, String label) {
    Results.PollingFloor r =
        new Results.PollingFloor(
            what,
            Statistics.median(f[0]),
            Statistics.median(f[1]),
            Statistics.median(f[2]),
            errors);
    Progress.log(
        String.format(
            Locale.ROOT,
            "%s (%s): %8.0f answers/s, IE CPU %6.1f us/response (system %.1f), errors %d",
            label,
            what,
            r.answersPerSecond(),
            r.ieCpuMicrosPerResponse(),
            r.ieSystemMicrosPerResponse(),
            errors));
    return r;
  }
}
