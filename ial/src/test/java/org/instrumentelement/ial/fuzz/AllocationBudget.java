package org.instrumentelement.ial.fuzz;

import java.lang.management.ManagementFactory;

/**
 * The fuzz targets' check that a parser's memory grows with the bytes it is given, not with the
 * numbers written in them: the bytes the current thread allocated while a parser ran, against a
 * budget of a fixed part plus a multiple of the input.
 */
public final class AllocationBudget {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  private final long fixed;
  private final long perInputByte;
  private long start;

  /** A budget of {@code fixed} bytes plus {@code perInputByte} for each byte of input. */
  public AllocationBudget(long fixed, long perInputByte) {
    this.fixed = fixed;
    this.perInputByte = perInputByte;
  }

  /** Starts counting. */
  public void start() {
    start = THREADS.getCurrentThreadAllocatedBytes();
  }

  /**
   * Fails if more was allocated since {@link #start()} than the budget for an input of {@code
   * inputLength} bytes.
   */
  public void check(int inputLength, String what) {
    long used = THREADS.getCurrentThreadAllocatedBytes() - start;
    long allowed = fixed + perInputByte * inputLength;
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
}
