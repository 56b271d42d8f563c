package org.instrumentelement.ie.contract;

import java.time.Instant;

/**
 * The time properties of a message ({@code ieAcquired}, {@code iePublished}): microseconds since
 * the Unix epoch, as a long, so that latency can be measured below a millisecond by any client.
 */
public final class EpochMicros {
  private EpochMicros() {}

  /** The property value of an instant. */
  public static long of(Instant t) {
    return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000L), t.getNano() / 1000);
  }

  /** The instant a property value stands for. */
  public static Instant toInstant(long micros) {
    return Instant.ofEpochSecond(
        Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000);
  }
}
