package org.instrumentelement.im.sensors;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManagerTypes;
import org.instrumentelement.im.alarm.AlarmChange;
import org.instrumentelement.im.alarm.AlarmKind;
import org.instrumentelement.im.alarm.Severity;
import org.junit.jupiter.api.Test;

/** A silent node raises one alarm, cleared when it reports again, is forgotten, or on unlink. */
class NodeWatchTest {
  static final Duration STALE = Duration.ofSeconds(5);
  static final Instant T0 = Instant.parse("2026-11-23T12:00:00Z");

  static SensorNode heardAt(String name, Instant when) {
    SensorNode n = new SensorNode(name, true);
    n.accept(new Reading(new double[] {1}, Reading.NONE, Reading.NONE), when);
    return n;
  }

  @Test
  void aSilentNodeRaisesOneAlarmClearedWhenItReportsAgain() {
    NodeWatch watch = new NodeWatch();
    List<AlarmChange> told = new ArrayList<>();
    watch.addListener(told::add);
    SensorNode a = heardAt("a", T0);
    SensorNode b = heardAt("b", T0);

    watch.check(List.of(a, b), T0.plusSeconds(5), STALE);
    assertEquals(List.of(), told, "not silent for longer than staleAfter yet");

    b.accept(new Reading(new double[] {2}, Reading.NONE, Reading.NONE), T0.plusSeconds(4));
    watch.check(List.of(a, b), T0.plusMillis(5_001), STALE);
    watch.check(List.of(a, b), T0.plusSeconds(6), STALE); // still silent: not raised again
    assertEquals(1, told.size(), told.toString());
    AlarmChange raised = told.get(0);
    assertEquals("nodes.a", raised.name());
    assertEquals(AlarmKind.NODE, raised.kind());
    assertEquals(Severity.ALARM, raised.severity());
    assertTrue(raised.message().contains("node a has been silent since " + T0), raised.message());

    a.accept(new Reading(new double[] {3}, Reading.NONE, Reading.NONE), T0.plusSeconds(7));
    watch.check(List.of(a, b), T0.plusSeconds(7), STALE);
    assertEquals(2, told.size());
    assertEquals(Severity.NONE, told.get(1).severity());
    assertEquals("nodes.a", told.get(1).name());
    assertTrue(told.get(1).message().contains("reports again"));
    assertEquals(java.util.Set.of(), watch.silentNodes());
  }

  @Test
  void aDeclaredNodeNeverHeardFromIsJudgedFromWhenTheWatchFirstSawIt() {
    NodeWatch watch = new NodeWatch();
    List<AlarmChange> told = new ArrayList<>();
    watch.addListener(told::add);
    SensorNode quiet = new SensorNode("q", true);
    watch.check(List.of(quiet), T0, STALE);
    watch.check(List.of(quiet), T0.plusSeconds(5), STALE);
    assertEquals(List.of(), told, "no alarm at once for a node that has not spoken yet");
    watch.check(List.of(quiet), T0.plusSeconds(6), STALE);
    assertEquals(1, told.size());
    assertTrue(told.get(0).message().contains("has sent nothing since " + T0), told.toString());

    watch.check(List.of(), T0.plusSeconds(7), STALE); // forgotten
    assertEquals(Severity.NONE, told.get(1).severity());
    assertTrue(told.get(1).message().contains("forgotten"));
  }

  @Test
  void theImRaisesTheAlarmOfAStoppedNodeAndClearsItOnUnlink() throws Exception {
    SensorNetworkManager im =
        (SensorNetworkManager) InstrumentManagerTypes.installed().create("sensor-network");
    List<AlarmChange> told = new CopyOnWriteArrayList<>();
    im.addAlarmListener(told::add);
    im.open(
        new ImContext(
            "lab/sensors",
            "",
            null,
            Map.of("staleAfter", "0.2"),
            Duration.ofSeconds(1),
            true,
            false,
            List::of,
            Map.of()));
    try {
      im.deliver("n1", "1.5".getBytes(UTF_8), Instant.now());
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (told.isEmpty()) {
        assertTrue(System.nanoTime() < deadline, "no alarm for the silent node");
        Thread.sleep(10); // polling a condition with a deadline
      }
      assertEquals("lab/sensors", told.get(0).im());
      assertEquals("nodes.n1", told.get(0).name());
      assertEquals(Severity.ALARM, told.get(0).severity());
    } finally {
      im.close();
    }
    assertEquals(Severity.NONE, told.get(told.size() - 1).severity(), "cleared on unlink");
  }

  @Test
  void aListenerAddedLaterIsToldTheAlarmsRaisedAlready() {
    NodeWatch watch = new NodeWatch();
    watch.check(List.of(heardAt("a", T0)), T0.plusSeconds(6), STALE);
    List<AlarmChange> late = new ArrayList<>();
    watch.addListener(late::add);
    assertEquals(1, late.size());
    assertEquals("nodes.a", late.get(0).name());
    assertEquals(Severity.ALARM, late.get(0).severity());
  }
}
