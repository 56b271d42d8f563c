package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The OPC UA peer as {@code --peer=opcua} runs it: its server started from the peer's jar on a free
 * port, updating its vector 100 times a second, and one load client process whose one session polls
 * it, then subscribes to it, through the load client's protocol.
 */
class OpcUaPeerIT {
  private static final Path JAR =
      Path.of(System.getProperty("opcua.peer.jar", "../ie-opcua-peer/target/ie-opcua-peer.jar"));

  @Test
  void oneSessionPollsAndSubscribes() throws Exception {
    try (OpcUaPeer peer = OpcUaPeer.start(JAR, List.of(), List.of(2500), 100);
        PeerLoadClient load = peer.load()) {
      assertTrue(peer.endpointUrl().startsWith("opc.tcp://127.0.0.1:"), peer.endpointUrl());
      assertTrue(peer.port() > 0);
      assertTrue(peer.implementation().startsWith("Eclipse Milo 1."), peer.implementation());

      double cpu0 = peer.cpu().seconds();
      load.poll(2500, 1);
      PeerLoadClient.Counts polled = await(load, 20);
      assertEquals(0, polled.errors(), polled.lastError());
      PeerLoadClient.Latency reads = load.latency();
      assertTrue(reads.samples() > 0 && reads.p50Millis() > 0, reads.toString());
      assertTrue(peer.cpu().seconds() > cpu0, "the server's CPU time is read from /proc");

      Map<String, String> granted = load.subscribe(2500, 1, 10, 10);
      assertEquals(Map.of("publishingMillis", "10.0", "queue", "10"), granted);
      PeerLoadClient.Counts subscribed = await(load, 50); // half a second of updates
      assertEquals(0, subscribed.errors(), subscribed.lastError());
      assertEquals(0, subscribed.lost(), subscribed.toString());
      assertTrue(subscribed.delivered() > 0, subscribed.toString());
      PeerLoadClient.Latency deliveries = load.latency();
      assertTrue(deliveries.samples() > 0 && deliveries.p99Millis() > 0, deliveries.toString());
      load.stop();
    }
  }

  /** Waits (at most 30 s) until the running load has counted this many events. */
  private static PeerLoadClient.Counts await(PeerLoadClient load, long events) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    PeerLoadClient.Counts c = load.counts();
    while (c.events() < events && System.nanoTime() < deadline) {
      Thread.sleep(50);
      c = load.counts();
    }
    assertTrue(c.events() >= events, c.toString());
    return c;
  }
}
