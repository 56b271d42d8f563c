package org.instrumentelement.im;

import java.time.Duration;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Runs the reconnect attempts of one IM, one at a time, further apart each time. Its thread exists
 * only while attempts are due and ends with {@link #close()}.
 */
final class Reconnector implements AutoCloseable {
  private final ScheduledThreadPoolExecutor executor;
  private ScheduledFuture<?> pending;
  private Duration lastDelay;

  Reconnector(String name) {
    executor =
        new ScheduledThreadPoolExecutor(
            1,
            r -> {
              Thread t = new Thread(r, "reconnect " + name);
              t.setDaemon(true);
              return t;
            });
    executor.setKeepAliveTime(5, TimeUnit.SECONDS);
    executor.allowCoreThreadTimeOut(true);
    executor.setRemoveOnCancelPolicy(true);
  }

  /** Schedules {@code attempt} after the next delay of {@code policy}, unless one is pending. */
  synchronized void schedule(ReconnectPolicy policy, Runnable attempt) {
    if (!policy.enabled() || executor.isShutdown() || (pending != null && !pending.isDone())) {
      return;
    }
    lastDelay = policy.after(lastDelay);
    pending = executor.schedule(attempt, lastDelay.toNanos(), TimeUnit.NANOSECONDS);
  }

  /** The attempt now running is over; the next failure may schedule another. */
  synchronized void attemptStarted() {
    pending = null;
  }

  /** The instrument is back: the next failure starts again with the shortest delay. */
  synchronized void reset() {
    lastDelay = null;
    if (pending != null) {
      pending.cancel(false);
      pending = null;
    }
  }

  @Override
  public synchronized void close() {
    reset();
    executor.shutdownNow();
  }
}
