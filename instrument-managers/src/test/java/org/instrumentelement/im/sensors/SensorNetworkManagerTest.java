package org.instrumentelement.im.sensors;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManagerTypes;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Quality;
import org.instrumentelement.im.model.Value;
import org.junit.jupiter.api.Test;

/** The sensor-network IM fed directly through its {@link NodeInbox}, without a broker. */
class SensorNetworkManagerTest {

  private static SensorNetworkManager open(Map<String, String> params, String nodes)
      throws ImException {
    SensorNetworkManager im =
        (SensorNetworkManager) InstrumentManagerTypes.installed().create("sensor-network");
    im.open(
        new ImContext(
            "lab/sensors",
            "",
            null,
            params,
            Duration.ofSeconds(1),
            true,
            false,
            List::of,
            nodes == null ? Map.of() : Map.of(ImContext.NODES, nodes)));
    return im;
  }

  private static void send(SensorNetworkManager im, String node, String json) {
    im.deliver(node, json.getBytes(UTF_8), Instant.now());
  }

  private static long count(SensorNetworkManager im, String attribute) throws ImException {
    return im.getAttribute(attribute).asLong();
  }

  @Test
  void aggregatesNodesInTheirOrderWithStatistics() throws Exception {
    SensorNetworkManager im = open(Map.of(), "b,a");
    send(im, "a", "1.5");
    send(im, "c", "[4, 40]");
    send(im, "b", "{\"v\": [2.5, 7], \"seq\": 0, \"t\": 1763900000123}");
    assertEquals("b,a,c", im.getAttribute("nodeNames").asString());
    Value values = im.getAttribute("values");
    assertArrayEquals(new double[] {2.5, 1.5, 4}, values.asDoubles());
    assertEquals(Quality.GOOD, values.quality());
    assertEquals(1.5, im.getAttribute("min").asDouble());
    assertEquals(4, im.getAttribute("max").asDouble());
    assertEquals(8.0 / 3, im.getAttribute("mean").asDouble(), 1e-12);
    Value b = im.getAttribute("node_b");
    assertArrayEquals(new double[] {2.5, 7}, b.asDoubles());
    assertEquals(Instant.ofEpochMilli(1763900000123L), b.timestamp());
    assertEquals(1763900000123.0, im.getAttribute("timestamps").asDoubles()[0]);
    im.setParameter("channel", Value.ofInteger(1, Instant.now()));
    assertArrayEquals(
        new double[] {7, Double.NaN, 40}, im.getAttribute("values").asDoubles(), "node a has one");
  }

  @Test
  void countsSequenceGapsLateMessagesAndRestarts() throws Exception {
    SensorNetworkManager im = open(Map.of(), "n1");
    for (long seq : new long[] {0, 1, 2, 5, 4, 6, 0, 1}) {
      send(im, "n1", "{\"v\": " + seq + ", \"seq\": " + seq + "}");
    }
    // messages 8, gaps 2 (3 and 4 skipped), late 1 (4 after 5), malformed 0, restarts 1
    assertArrayEquals(
        new double[] {8, 2, 1, 0, 1}, im.getAttribute("node_n1_counters").asDoubles());
    assertArrayEquals(new double[] {1}, im.getAttribute("node_n1").asDoubles());
  }

  @Test
  void malformedAndOversizedMessagesAreCountedAndDropped() throws Exception {
    SensorNetworkManager im = open(Map.of("maxMessageBytes", "64", "maxValues", "4"), "n1");
    send(im, "n1", "12");
    for (String bad :
        new String[] {
          "",
          "abc",
          "[]",
          "[1,\"x\"]",
          "{\"seq\": 1}",
          "[1,2,3,4,5]",
          "1 2",
          "[" + "[".repeat(50),
          "{\"v\": 1, \"seq\": -3}",
          "x".repeat(100),
          "1e999",
          "{\"v\": 1, \"t\": 1.5}"
        }) {
      send(im, "n1", bad);
    }
    im.deliver("n1", null, Instant.now());
    assertEquals(13, count(im, "malformedTotal"));
    assertEquals(13, im.getAttribute("malformedCounts").asDoubles()[0]);
    assertArrayEquals(new double[] {12}, im.getAttribute("node_n1").asDoubles(), "value kept");
    send(im, "stranger", "{{");
    assertEquals(14, count(im, "malformedTotal"));
    assertEquals("n1", im.getAttribute("nodeNames").asString(), "not discovered by garbage");
  }

  @Test
  void binaryFormats() throws Exception {
    SensorNetworkManager im = open(Map.of("format", "le-seq-time-doubles"), null);
    ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
    b.putLong(7).putLong(1763900000000L).putDouble(1.25).putDouble(-2);
    im.deliver("x", b.array(), Instant.now());
    assertArrayEquals(
        new double[] {1.25, -2}, im.executeCommand("nodeValue", arg("x")).asDoubles());
    im.deliver("x", new byte[20], Instant.now());
    assertEquals(1, count(im, "malformedTotal"));
    im.setParameter("format", Value.ofEnum("le-doubles", Instant.now()));
    ByteBuffer d = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putDouble(3.5);
    im.deliver("y", d.array(), Instant.now());
    assertArrayEquals(new double[] {1.25, 3.5}, im.getAttribute("values").asDoubles());
    d.clear();
    d.putDouble(Double.NaN);
    im.deliver("y", d.array(), Instant.now());
    assertEquals(2, count(im, "malformedTotal"));
  }

  @Test
  void aSilentNodeTurnsBadAfterStaleAfter() throws Exception {
    SensorNetworkManager im = open(Map.of("staleAfter", "0.05"), "a,b");
    send(im, "a", "1");
    send(im, "b", "2");
    Instant deadline = Instant.now().plusSeconds(10);
    while (im.getAttribute("node_a").quality() != Quality.BAD) {
      assertTrue(Instant.now().isBefore(deadline), "node a never turned BAD");
      Thread.onSpinWait();
      send(im, "b", "2");
    }
    send(im, "b", "2");
    assertEquals(Quality.GOOD, im.getAttribute("node_b").quality());
    assertEquals(Quality.UNCERTAIN, im.getAttribute("values").quality());
    assertEquals(1, count(im, "badNodes"));
    assertEquals(2, im.getAttribute("mean").asDouble());
  }

  @Test
  void discoveryCanBeOffAndNodesForgotten() throws Exception {
    SensorNetworkManager im = open(Map.of("discover", "false"), "a");
    send(im, "b", "1");
    assertEquals(1, count(im, "refusedTotal"));
    im.setParameter("discover", Value.ofBoolean(true, Instant.now()));
    send(im, "b", "1");
    send(im, "bad name!", "1");
    assertEquals("a,b", im.getAttribute("nodeNames").asString());
    im.executeCommand("forgetNode", arg("b"));
    send(im, "a", "5");
    im.executeCommand("forgetNode", arg("a"));
    assertEquals("a", im.getAttribute("nodeNames").asString());
    assertEquals(Quality.BAD, im.getAttribute("node_a").quality());
    ImException e =
        assertThrows(ImException.class, () -> im.executeCommand("forgetNode", arg("zz")));
    assertEquals(FaultCode.INVALID_VALUE, e.code());
  }

  @Test
  void takesNothingWhileUnlinked() throws Exception {
    SensorNetworkManager im = open(Map.of(), null);
    im.executeCommand("unlink", Map.of());
    send(im, "a", "1");
    im.executeCommand("link", Map.of());
    assertEquals(1, count(im, "refusedTotal"));
    assertEquals("", im.getAttribute("nodeNames").asString());
  }

  @Test
  void aBadNodeListStopsTheOpen() {
    ImException e = assertThrows(ImException.class, () -> open(Map.of(), "a,a"));
    assertTrue(e.getMessage().contains("twice"), e.getMessage());
    assertThrows(ImException.class, () -> open(Map.of(), "a-b"));
  }

  private static Map<String, Value> arg(String node) {
    return Map.of("node", Value.ofString(node, Instant.now()));
  }
}
