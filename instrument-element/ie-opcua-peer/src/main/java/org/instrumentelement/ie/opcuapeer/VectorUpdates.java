package org.instrumentelement.ie.opcuapeer;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Replaces every vector of the namespace by a new one at a fixed rate, on a thread of its own, as
 * the IE samples an instrument at a fixed period for its subscribers.
 */
final class VectorUpdates implements AutoCloseable {
  private final ScheduledExecutorService clock =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "vector-updates");
            t.setDaemon(true);
            return t;
          });
  private long sequence;

  /**
   * Starts the updates.
   *
   * @param perSecond updates of each vector per second, above 0
   */
  VectorUpdates(VectorNamespace namespace, List<Integer> lengths, double perSecond) {
    long periodNanos = Math.round(1e9 / perSecond);
    clock.scheduleAtFixedRate(
        () -> {
          sequence++;
          try {
            for (int length : lengths) {
              namespace.update(length, sequence);
            }
          } catch (RuntimeException e) {
            // A periodic task that throws is never run again: say so instead of going quiet.
            e.printStackTrace();
          }
        },
        periodNanos,
        periodNanos,
        TimeUnit.NANOSECONDS);
  }

  @Override
  public void close() {
    clock.shutdownNow();
    try {
      clock.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
