package org.instrumentelement.ie;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waiting for a condition in a test: polled with a deadline, never a sleep as synchronisation. */
public final class Conditions {
  private Conditions() {}

  /**
   * Polls {@code condition} every 20 ms until it holds.
   *
   * @throws AssertionError naming {@code what} when it does not hold within {@code within}
   */
  public static void eventually(Duration within, BooleanSupplier condition, String what)
      throws InterruptedException {
    long deadline = System.nanoTime() + within.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + within + ": " + what);
      }
      Thread.sleep(20); // polling a condition with a deadline
    }
  }
}
