package org.instrumentelement.ie.alarm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.instrumentelement.ie.Conditions;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.AlarmInfo;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.ListAlarms;
import org.instrumentelement.ie.nodesim.NodeSimulator;
import org.instrumentelement.ie.nodesim.SimulatorOptions;
import org.instrumentelement.ie.security.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sensor network's silent node raises an alarm in a real Instrument Element: simulated nodes
 * publish over real MQTT to the embedded broker; one stops, and its alarm is published on the alarm
 * topic (a real OpenWire subscriber) and listed over real SOAP; it starts again, and the alarm is
 * cleared.
 */
class SensorNodeAlarmsIT {
  static final Duration WAIT = Duration.ofSeconds(60);
  static final String IM = "lab/sensors";

  @TempDir static Path dir;
  static RunningElement running;
  static NodeSimulator nodes;

  @BeforeAll
  static void start() throws Exception {
    String users =
        UsersFile.entry(RunningElement.ADMIN, "grants", "admin:*")
            + UsersFile.entry("n1", "node", IM + ":n1")
            + UsersFile.entry("n2", "node", IM + ":n2");
    Path file = Files.writeString(dir.resolve("users.properties"), users);
    running =
        RunningElement.mockLab(
            "--security.users=" + file,
            "--im.sensors.type=sensor-network",
            "--im.sensors.parent=lab",
            "--im.sensors.nodes=n1,n2",
            "--im.sensors.param.staleAfter=1");
    nodes = simulate(2, 1);
  }

  /** {@code count} nodes from {@code n<first>}, ten readings a second each, over MQTT. */
  static NodeSimulator simulate(int count, int first) {
    return NodeSimulator.start(
        SimulatorOptions.parse(
            "--broker=tcp://localhost:" + running.runtime.broker().mqttUrl().replaceAll(".*:", ""),
            "--nodes=" + count,
            "--first=" + first,
            "--rate=10",
            "--user={node}",
            "--password={node}"));
  }

  @AfterAll
  static void stop() {
    if (nodes != null) {
      nodes.close();
    }
    running.close();
  }

  static AlarmInfo alarm(String id) {
    try {
      return running.client().listAlarms(new ListAlarms()).getAlarm().stream()
          .filter(a -> a.getId().equals(id))
          .findFirst()
          .orElse(null);
    } catch (InstrumentElementFault e) {
      throw new AssertionError(e);
    }
  }

  static long goodNodes() {
    GetAttribute g = new GetAttribute();
    g.setIm(IM);
    g.setAttribute("goodNodes");
    try {
      return running.client().getAttribute(g).getValue().getIntegerValue();
    } catch (InstrumentElementFault e) {
      throw new AssertionError(e);
    }
  }

  static void eventually(BooleanSupplier condition, String what) throws InterruptedException {
    Conditions.eventually(WAIT, condition, what);
  }

  @Test
  void aNodeThatFallsSilentRaisesAnAlarmClearedWhenItReportsAgain() throws Exception {
    String id = IM + "#nodes.n2";
    eventually(() -> goodNodes() == 2, "both nodes GOOD");
    eventually(() -> alarm(id) == null, "no alarm while n2 reports");
    try (AlarmTopicSubscriber alarms = new AlarmTopicSubscriber(running, DescriptorAlarmsIT.WAIT)) {
      nodes.node(1).stop(); // n2 falls silent
      JsonNode raised = alarms.await("RAISED", id);
      JsonNode a = raised.get("alarm");
      assertEquals("NODE", a.get("kind").asText());
      assertEquals("ALARM", a.get("severity").asText());
      assertEquals("nodes.n2", a.get("name").asText());
      assertEquals(IM, a.get("im").asText());
      assertTrue(
          a.get("message").asText().contains("node n2 has been silent since "), a.toString());
      AlarmInfo listed = alarm(id);
      assertNotNull(listed, "listed over SOAP");
      assertEquals("NODE", listed.getKind());
      assertNull(alarm(IM + "#nodes.n1"), "n1 goes on reporting");

      try (NodeSimulator again = simulate(1, 2)) { // n2 back
        JsonNode cleared = alarms.await("CLEARED", id);
        assertTrue(
            cleared.get("message").asText().contains("n2 reports again"), cleared.toString());
        assertNull(alarm(id));
      }
    }
  }
}
