package org.instrumentelement.ie;

import static org.instrumentelement.ie.RunTimeCalls.configureSampling;
import static org.instrumentelement.ie.RunTimeCalls.parameters;
import static org.instrumentelement.ie.RunTimeCalls.reserve;
import static org.instrumentelement.ie.RunTimeCalls.setParameter;
import static org.instrumentelement.ie.RunTimeCalls.subscription;
import static org.instrumentelement.ie.client.InstrumentElementClient.doubleValue;
import static org.instrumentelement.ie.client.InstrumentElementClient.integerValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;
import java.util.stream.Stream;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListReservations;
import org.instrumentelement.ie.client.soap.ParameterInfo;
import org.instrumentelement.ie.client.soap.ReservationInfo;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.state.StateFile;
import org.instrumentelement.ie.state.StateFormat;
import org.junit.jupiter.api.Test;

/**
 * A real IE as a process of its own, killed with SIGKILL in the middle of a burst of settings and
 * started again on the same data directory: every setting a client was told had been made is back,
 * nothing is torn; then {@code --reset-state} starts it from the configuration.
 */
class KillRestartIT {

  /** One client setting one parameter again and again, remembering what was acknowledged. */
  private static final class Burst extends Thread {
    final String im;
    final String parameter;
    final LongFunction<Value> value;
    final AtomicLong acknowledged = new AtomicLong();
    final InstrumentElementPort ie;

    Burst(IeProcess p, String im, String parameter, LongFunction<Value> value) {
      super("burst-" + parameter);
      this.im = im;
      this.parameter = parameter;
      this.value = value;
      this.ie = ElementProcesses.client(p, "admin");
    }

    @Override
    public void run() {
      for (long k = 1; ; k++) {
        try {
          setParameter(ie, im, parameter, value.apply(k));
        } catch (Exception e) {
          return; // the IE is gone
        }
        acknowledged.set(k);
      }
    }
  }

  @Test
  void everyAcknowledgedSettingSurvivesAKillDuringABurst() throws Exception {
    Path dir = RunningElement.newDataDir();
    Path logs = Path.of("target", "kill-restart");
    List<Burst> bursts = new ArrayList<>();
    try (IeProcess first = ElementProcesses.start(dir, logs.resolve("first.log"), List.of())) {
      InstrumentElementPort operator = ElementProcesses.client(first, "operator");
      setParameter(operator, "lab/scope", "timebase", doubleValue(0.002));
      configureSampling(ElementProcesses.client(first, "admin"), "lab/scope", "peakToPeak", 50);
      reserve(operator, "lab/array1250", 3_600_000);

      bursts.add(new Burst(first, "lab/scope", "voltsPerDiv", k -> doubleValue(k * 0.001)));
      bursts.add(new Burst(first, "lab/scope", "offset", k -> doubleValue(k * 0.001)));
      bursts.add(new Burst(first, "lab/array2500", "length", k -> integerValue(100 + k)));
      bursts.forEach(Thread::start);
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (bursts.stream().anyMatch(b -> b.acknowledged.get() < 100)) {
        assertTrue(System.nanoTime() < deadline, "the burst did not get going");
        Thread.sleep(5); // polling the condition, leaving the cores to the IE
      }
      assertTrue(bursts.stream().allMatch(Thread::isAlive), "still sending when killed");
      first.kill();
      for (Burst b : bursts) {
        b.join(60_000);
        assertFalse(b.isAlive(), b.getName() + " stopped with the IE");
      }
    }
    // Whatever the moment of the kill, the file is whole: the old or the new version.
    StateFormat.decode(new StateFile(dir).read());

    try (IeProcess second = ElementProcesses.start(dir, logs.resolve("second.log"), List.of())) {
      InstrumentElementPort admin = ElementProcesses.client(second, "admin");
      for (Burst b : bursts) {
        long acked = b.acknowledged.get();
        ParameterInfo p = parameters(admin, b.im).get(b.parameter);
        long restored = step(b, p.getValue());
        // The request in flight at the kill may have been made (and kept) without its answer.
        assertTrue(
            restored == acked || restored == acked + 1,
            b.parameter + ": acknowledged up to step " + acked + ", restored step " + restored);
        assertEquals("RESTORED", p.getSource());
        assertEquals("admin", p.getSetBy());
        System.out.printf(
            "%s: %d settings acknowledged before the kill, step %d restored%n",
            b.parameter, acked, restored);
      }
      ParameterInfo timebase = parameters(admin, "lab/scope").get("timebase");
      assertEquals(0.002, timebase.getValue().getDoubleValue());
      assertEquals("operator", timebase.getSetBy());
      assertEquals(50, subscription(admin, "lab/scope", "peakToPeak").getSamplingPeriodMillis());
      List<ReservationInfo> reservations =
          admin.listReservations(new ListReservations()).getReservation();
      assertEquals(
          List.of("lab/array1250 operator"),
          reservations.stream().map(r -> r.getIm() + " " + r.getHolder()).toList());
      assertFalse(
          Files.readString(second.log()).contains("cannot be used"), "nothing was set aside");
    }
    assertEquals(List.of(), asideFiles(dir, ".unreadable-"));

    try (IeProcess third =
        ElementProcesses.start(dir, logs.resolve("third.log"), List.of("--reset-state"))) {
      InstrumentElementPort admin = ElementProcesses.client(third, "admin");
      Map<String, ParameterInfo> scope = parameters(admin, "lab/scope");
      assertEquals(0.001, scope.get("timebase").getValue().getDoubleValue());
      assertEquals("DEFAULT", scope.get("timebase").getSource());
      assertEquals(500, subscription(admin, "lab/scope", "peakToPeak").getSamplingPeriodMillis());
      assertEquals(List.of(), admin.listReservations(new ListReservations()).getReservation());
      String output = Files.readString(third.log());
      assertTrue(output.contains("Run-time state reset"), output);
    }
    assertEquals(1, asideFiles(dir, ".reset-").size());
  }

  /** Which step of its burst a value is. */
  private static long step(Burst b, Value v) {
    return b.parameter.equals("length")
        ? v.getIntegerValue() - 100
        : Math.round(v.getDoubleValue() / 0.001);
  }

  private static List<String> asideFiles(Path dir, String kind) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(n -> n.startsWith(StateFile.NAME + kind))
          .toList();
    }
  }
}
