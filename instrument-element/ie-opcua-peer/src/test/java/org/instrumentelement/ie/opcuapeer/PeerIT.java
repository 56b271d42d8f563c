package org.instrumentelement.ie.opcuapeer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The peer in one JVM on a free port: a Milo server updating its vector 100 times a second, one
 * session polling it, then one subscribed to it.
 */
class PeerIT {
  private static PeerServer server;

  @BeforeAll
  static void start() throws Exception {
    server = PeerServer.start(0, List.of(2500), 100, 10);
  }

  @AfterAll
  static void stop() throws Exception {
    server.close();
  }

  @Test
  void oneSessionPollsTheVector() throws Exception {
    try (PollingLoad load = new PollingLoad(server.endpointUrl(), 2500, 1)) {
      LoadCounts c = awaitEvents(load, 50);
      assertEquals(0, c.errors(), c.lastError());
      assertTrue(load.takeLatencies().p50Micros() > 0);
      assertEquals("polling", load.started());
    }
  }

  @Test
  void oneSessionGetsEveryUpdate() throws Exception {
    try (SubscriptionLoad load = new SubscriptionLoad(server.endpointUrl(), 2500, 1, 10, 10)) {
      assertEquals("subscribed publishingMillis=10.0 queue=10", load.started());
      LoadCounts c = awaitEvents(load, 100); // a second of updates
      assertEquals(0, c.errors(), c.lastError());
      assertEquals(0, c.sequence().lost(), "lost: " + c);
      LatencyRecorder.Percentiles p = load.takeLatencies();
      assertTrue(p.samples() >= 100 && p.p50Micros() > 0, p.toString());
    }
  }

  /** Waits (at most 20 s) until the load has counted this many events. */
  private static LoadCounts awaitEvents(Load load, long events) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    LoadCounts c = load.counts();
    while (c.events() < events && System.nanoTime() < deadline) {
      Thread.sleep(20);
      c = load.counts();
    }
    assertTrue(c.events() >= events, "events: " + c);
    return c;
  }
}
