package org.instrumentelement.ie.server.connector;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.coyote.Processor;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.NioEndpoint;
import org.apache.tomcat.util.net.SocketEvent;
import org.apache.tomcat.util.net.SocketWrapperBase;

/**
 * Closes connections whose request line and headers are still arriving after the deadline. Tomcat
 * parses headers without holding a thread, keeps a partly received request's processor with its
 * connection, and marks when the request's first byte came; this sweeper looks at those few times a
 * second. (Bodies have their own deadline in the request gate; asynchronous and upgraded
 * connections are left alone.)
 */
final class HeaderDeadline {
  private final NioEndpoint endpoint;
  private final long timeoutNanos;
  private final long periodMillis;
  private final AtomicLong closed = new AtomicLong();
  private ScheduledExecutorService sweeper;

  HeaderDeadline(NioEndpoint endpoint, Duration timeout) {
    this.endpoint = endpoint;
    this.timeoutNanos = timeout.toNanos();
    // Cut within a tenth of the deadline (at most a second) of its passing.
    this.periodMillis = Math.max(50, Math.min(1000, timeout.toMillis() / 10));
  }

  synchronized void start() {
    sweeper =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "http-header-deadline");
              t.setDaemon(true);
              return t;
            });
    sweeper.scheduleWithFixedDelay(this::sweep, periodMillis, periodMillis, TimeUnit.MILLISECONDS);
  }

  synchronized void stop() {
    if (sweeper != null) {
      sweeper.shutdownNow();
      sweeper = null;
    }
  }

  /** Connections closed since start. */
  long closed() {
    return closed.get();
  }

  private void sweep() {
    long now = System.nanoTime();
    for (SocketWrapperBase<NioChannel> connection : endpoint.getConnections()) {
      if (receivingHeadersSince(connection, now) > timeoutNanos) {
        closed.incrementAndGet();
        // As Tomcat's own timeout does: an error event, handled on a worker, closes it.
        if (!endpoint.processSocket(connection, SocketEvent.ERROR, true)) {
          connection.close();
        }
      }
    }
  }

  /**
   * How long the connection has been receiving the current request's line and headers, or -1 if it
   * is not (idle, being served, asynchronous or upgraded).
   */
  private static long receivingHeadersSince(SocketWrapperBase<?> connection, long now) {
    // The processor stays with the connection between reads only while the request line or the
    // headers are incomplete, or while the request is asynchronous or upgraded.
    if (!(connection.getCurrentProcessor() instanceof Processor p)
        || p.isAsync()
        || p.isUpgrade()) {
      return -1;
    }
    long start = p.getRequest().getStartTimeNanos();
    return start == -1 ? -1 : now - start;
  }
}
