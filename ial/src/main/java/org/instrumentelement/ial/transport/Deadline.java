package org.instrumentelement.ial.transport;

import java.time.Duration;
import org.instrumentelement.ial.InstrumentTimeoutException;

/**
 * The moment by which a whole operation (one read, one write) must be over. Every step of the
 * operation (each chunk read, each RPC call) gets only what is left, so a reply that trickles in
 * cannot stretch a two-second timeout into minutes.
 */
public final class Deadline {
  private final long startNanos;
  private final long budgetNanos;

  private Deadline(long startNanos, long budgetNanos) {
    this.startNanos = startNanos;
    this.budgetNanos = budgetNanos;
  }

  /** A deadline {@code budget} from now. */
  public static Deadline after(Duration budget) {
    return new Deadline(System.nanoTime(), Math.max(0, budget.toNanos()));
  }

  /** Nanoseconds left; zero or negative once expired. */
  public long remainingNanos() {
    return budgetNanos - (System.nanoTime() - startNanos);
  }

  /** Whether no time is left. */
  public boolean expired() {
    return remainingNanos() <= 0;
  }

  /** Whole milliseconds left, rounded up, at least 1 while time remains, 0 once expired. */
  public int remainingMillis() {
    long left = remainingNanos();
    if (left <= 0) {
      return 0;
    }
    return (int) Math.min(Integer.MAX_VALUE, (left + 999_999) / 1_000_000);
  }

  /**
   * The time left as a socket timeout, which must not be zero (zero means "wait forever").
   *
   * @throws InstrumentTimeoutException if no time is left
   */
  public int socketTimeoutMillis(String what) throws InstrumentTimeoutException {
    int ms = remainingMillis();
    if (ms <= 0) {
      throw timeout(what);
    }
    return ms;
  }

  /** The budget this deadline started with, in milliseconds. */
  public long budgetMillis() {
    return budgetNanos / 1_000_000;
  }

  /** The exception to throw when {@code what} ran out of time. */
  public InstrumentTimeoutException timeout(String what) {
    return new InstrumentTimeoutException(what + " within " + budgetMillis() + " ms");
  }
}
