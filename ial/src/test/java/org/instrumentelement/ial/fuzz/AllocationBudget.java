package org.instrumentelement.ial.fuzz;

import java.lang.management.ManagementFactory;

/**
 * The fuzz targets' check that a parser's memory grows with the bytes it is given, not with the
 * numbers written in them: the bytes the current thread allocated while a parser ran, against a
 * budget of a fixed part plus a multiple of the input.
 */
public final class AllocationBudget {
  /** One run of a parser over one input. */
  public interface Run {
    void run() throws Exception;
  }

  /** One run that measures itself: returns the bytes it counts against the budget. */
  public interface MeasuredRun {
    long run() throws Exception;
  }

  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private final long fixed;
  private final long perInputByte;

  /** A budget of {@code fixed} bytes plus {@code perInputByte} for each byte of input. */
  public AllocationBudget(long fixed, long perInputByte) {
    this.fixed = fixed;
    this.perInputByte = perInputByte;
  }

  /**
   * Runs {@code run} and fails if it allocated more than the budget for an input of {@code
   * inputLength} bytes. A run over budget is run once more and only fails if over budget again: the
   * first run of a class also counts its loading (and, while fuzzing, its instrumentation).
   */
  public void check(int inputLength, String what, Run run) throws Exception {
    long used = measure(run);
    long allowed = fixed + perInputByte * inputLength;
    if (used > allowed) {
      used = measure(run);
    }
    if (used > allowed) {
      throw new AssertionError(
          what
              + " allocated "
              + used
              + " bytes for "
              + inputLength
              + " bytes of input (budget "
              + allowed
              + ")");
    }
  }

  /**
   * As {@link #check(int, String, Run)}, for a run that measures parts of itself (say the largest
   * allocation of one operation among many) with {@link #allocatedSoFar()}.
   */
  public void checkMeasured(int inputLength, String what, MeasuredRun run) throws Exception {
    long allowed = fixed + perInputByte * inputLength;
    long used = run.run();
    if (used > allowed) {
      used = run.run();
    }
    if (used > allowed) {
      throw new AssertionError(
          what
              + " allocated "
              + used
              + " bytes for "
              + inputLength
              + " bytes (budget "
              + allowed
              + ")");
    }
  }

  /** The bytes this thread has allocated since it started. */
  public static long allocatedSoFar() {
    return THREADS.getCurrentThreadAllocatedBytes();
  }

  private static long measure(Run run) throws Exception {
    long start = THREADS.getCurrentThreadAllocatedBytes();
    run.run();
    return THREADS.getCurrentThreadAllocatedBytes() - start;
  }
}
