package org.instrumentelement.ie.benchmark;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
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
 *
 * <p>Beside the process's CPU time, each window also takes it less the time of the JVM's own
 * threads (the JIT compilers, the collector's threads, the VM thread), read from the kernel's
 * per-thread scheduler statistics in nanoseconds: the IE's work of answering, without the compiler
 * and the collector, whose share of a 5-s window moves with what they happen to do in it. (The HTTP
 * threads' own time cannot stand for it: the IE's worker pool starts and ends threads as requests
 * are held up, and a thread that ends takes its time out of the per-thread figures.) Its ratio per
 * pair is reported too.
 */
record PollingMaxAgeBesideFloor(BenchmarkOptions options) implements Measurement {
  /** After a load is paused, how long its last answers take to leave before a window opens. */
  private static final long SETTLE_MILLIS = 300;

  /** How the names of the JVM's own threads start: compilers, collector, VM thread. */
  static final String[] JVM_THREADS = {"C1 ", "C2 ", "GC ", "G1 ", "VM ", "Sweeper"};

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
      double[][] floorFigures = new double[4][pairs];
      double[][] maxAgeFigures = new double[4][pairs];
      double[] ratios = new double[pairs];
      double[] answeringRatios = new double[pairs];
      for (int i = 0; i < pairs; i++) {
        boolean floorFirst = i % 2 == 0;
        for (int turn = 0; turn < 2; turn++) {
          boolean isFloor = floorFirst == (turn == 0);
          measure(ie.cpu(), isFloor ? floor : maxAge, isFloor ? floorFigures : maxAgeFigures, i);
        }
        ratios[i] = maxAgeFigures[1][i] / floorFigures[1][i];
        answeringRatios[i] = maxAgeFigures[3][i] / floorFigures[3][i];
        Progress.log(
            String.format(
                Locale.ROOT,
                "  pair %d (%s first): floor %.1f us, maxAge %.1f us per answer: ratio %.3f;"
                    + " less the JVM's threads %.1f and %.1f us: ratio %.3f",
                i + 1,
                floorFirst ? "floor" : "maxAge",
                floorFigures[1][i],
                maxAgeFigures[1][i],
                ratios[i],
                floorFigures[3][i],
                maxAgeFigures[3][i],
                answeringRatios[i]));
      }
      results.pollingFloor = figures(PollingFloor.WHAT, floorFigures, floor, "polling floor");
      results.pollingMaxAge =
          figures(PollingMaxAge.WHAT, maxAgeFigures, maxAge, "polling with maxAge");
      double worst = Arrays.stream(ratios).max().orElse(Double.NaN);
      double answeringWorst = Arrays.stream(answeringRatios).max().orElse(Double.NaN);
      results.pollingMaxAgeToFloor =
          new Results.MaxAgeToFloor(
              ratios,
              Statistics.median(ratios),
              worst,
              Statistics.median(floorFigures[3]),
              Statistics.median(maxAgeFigures[3]),
              answeringRatios,
              Statistics.median(answeringRatios),
              answeringWorst);
      Progress.log(
          String.format(
              Locale.ROOT,
              "polling with maxAge beside the floor, %d pairs: IE CPU per answer %.3f of the"
                  + " floor's (median), %.3f at most; less the JVM's threads %.3f (median), %.3f"
                  + " at most",
              pairs,
              Statistics.median(ratios),
              worst,
              Statistics.median(answeringRatios),
              answeringWorst));
    }
  }

  /**
   * One window of {@code load} alone: answers/s, IE CPU, its system time, and it less the JVM's
   * threads, per answer.
   */
  private void measure(ProcessCpu cpu, HttpLoad load, double[][] into, int i)
      throws InterruptedException {
    load.resume();
    double s0 = cpu.systemSeconds();
    Map<Long, Long> j0 = cpu.threadNanos(JVM_THREADS);
    double c0 = cpu.seconds();
    long n0 = load.responses.get();
    long t0 = System.nanoTime();
    Thread.sleep(options.measure().toMillis());
    long n = load.responses.get() - n0;
    double c1 = cpu.seconds();
    Map<Long, Long> j1 = cpu.threadNanos(JVM_THREADS);
    double s1 = cpu.systemSeconds();
    long t1 = System.nanoTime();
    load.pause();
    into[0][i] = Statistics.perSecond(n, t1 - t0);
    into[1][i] = n == 0 ? Double.NaN : (c1 - c0) * 1e6 / n;
    into[2][i] = n == 0 ? Double.NaN : (s1 - s0) * 1e6 / n;
    into[3][i] = n == 0 ? Double.NaN : (c1 - c0 - ProcessCpu.secondsBetween(j0, j1)) * 1e6 / n;
    Thread.sleep(SETTLE_MILLIS);
  }

  private static Results.PollingFloor figures(
      String what, double[][] f, HttpLoad load, String label) {
    long errors = load.errors.get();
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
            "%s (%s): %8.0f answers/s, IE CPU %6.1f us/response (system %.1f), errors %d%s",
            label,
            what,
            r.answersPerSecond(),
            r.ieCpuMicrosPerResponse(),
            r.ieSystemMicrosPerResponse(),
            errors,
            errors == 0 ? "" : " (the last: " + load.lastError() + ")"));
    return r;
  }
}
