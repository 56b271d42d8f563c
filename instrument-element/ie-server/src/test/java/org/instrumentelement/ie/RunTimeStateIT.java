package org.instrumentelement.ie;

import static org.instrumentelement.ie.RunTimeCalls.configureSampling;
import static org.instrumentelement.ie.RunTimeCalls.describe;
import static org.instrumentelement.ie.RunTimeCalls.parameters;
import static org.instrumentelement.ie.RunTimeCalls.reserve;
import static org.instrumentelement.ie.RunTimeCalls.setParameter;
import static org.instrumentelement.ie.RunTimeCalls.subscription;
import static org.instrumentelement.ie.client.InstrumentElementClient.doubleValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListReservations;
import org.instrumentelement.ie.client.soap.ParameterInfo;
import org.instrumentelement.ie.client.soap.ReservationInfo;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.state.StateFile;
import org.junit.jupiter.api.Test;

/**
 * What operators set survives a restart of the IE in this JVM on the same data directory: the
 * values come back (and reach the instrument) with who set them, a changed configuration wins for
 * the keys it changes, {@code onLink = apply} starts from the file, and a state file that cannot be
 * trusted is set aside.
 */
class RunTimeStateIT {

  private static IeConfig lab(Path dataDir, String... options) throws Exception {
    return RunningElement.freePorts(ConfigLoader.load(List.of(options), Map.of()))
        .with("data.dir", dataDir.toString());
  }

  @Test
  void runTimeSettingsComeBackAfterARestart() throws Exception {
    Path dir = RunningElement.newDataDir();
    try (RunningElement first = RunningElement.of(lab(dir))) {
      InstrumentElementPort operator = first.client("operator", "operator");
      setParameter(operator, "lab/scope", "timebase", doubleValue(0.002));
      configureSampling(first.client(), "lab/scope", "peakToPeak", 50);
      reserve(operator, "lab/array1250", 3_600_000);
      ParameterInfo timebase = parameters(operator, "lab/scope").get("timebase");
      assertEquals("SET", timebase.getSource());
      assertEquals("operator", timebase.getSetBy());
      assertNotNull(timebase.getSetAt());
      assertEquals("FILE", parameters(operator, "lab/array1250").get("length").getSource());
      assertEquals("DEFAULT", parameters(operator, "lab/scope").get("offset").getSource());
      assertEquals("restore", describe(operator, "lab/scope").getOnLink());
    }
    try (RunningElement second = RunningElement.of(lab(dir))) {
      InstrumentElementPort admin = second.client();
      ParameterInfo timebase = parameters(admin, "lab/scope").get("timebase");
      assertEquals(0.002, timebase.getValue().getDoubleValue());
      assertEquals("RESTORED", timebase.getSource());
      assertEquals("operator", timebase.getSetBy());
      assertNotNull(timebase.getSetAt());
      assertEquals(
          0.002,
          Double.parseDouble(second.device("MOCK::oscilloscope").setting("timebase", 1)),
          "applied to the instrument at link");
      assertEquals(50, subscription(admin, "lab/scope", "peakToPeak").getSamplingPeriodMillis());
      List<ReservationInfo> reservations =
          admin.listReservations(new ListReservations()).getReservation();
      assertEquals(1, reservations.size());
      assertEquals("lab/array1250", reservations.get(0).getIm());
      assertEquals("operator", reservations.get(0).getHolder());
      InstrumentElementFault refused =
          assertThrows(
              InstrumentElementFault.class,
              () -> setParameter(admin, "lab/array1250", "length", doubleValue(100)));
      assertEquals("RESERVED", refused.getFaultInfo().getCode());
      setParameter(admin, "lab/scope", "offset", doubleValue(0.7));
    }
    // The file now says timebase = 0.004: it wins over the operator's 0.002; the rest comes back.
    try (RunningElement third = RunningElement.of(lab(dir, "--im.scope.param.timebase=0.004"))) {
      Map<String, ParameterInfo> p = parameters(third.client(), "lab/scope");
      assertEquals(0.004, p.get("timebase").getValue().getDoubleValue());
      assertEquals("FILE", p.get("timebase").getSource());
      assertNull(p.get("timebase").getSetBy());
      assertEquals(0.7, p.get("offset").getValue().getDoubleValue());
      assertEquals("RESTORED", p.get("offset").getSource());
      assertEquals("admin", p.get("offset").getSetBy());
    }
    // onLink = apply: the scope starts from the file; other IMs still restore.
    try (RunningElement fourth =
        RunningElement.of(lab(dir, "--im.scope.param.timebase=0.004", "--im.scope.onLink=apply"))) {
      Map<String, ParameterInfo> p = parameters(fourth.client(), "lab/scope");
      assertEquals(0.0, p.get("offset").getValue().getDoubleValue());
      assertEquals("DEFAULT", p.get("offset").getSource());
      assertEquals("apply", describe(fourth.client(), "lab/scope").getOnLink());
      assertEquals(
          1,
          fourth.client().listReservations(new ListReservations()).getReservation().size(),
          "reservations are not the scope's");
    }
  }

  @Test
  void aStateFileThatCannotBeTrustedIsSetAsideAndTheIeStartsFromTheFile() throws Exception {
    Path dir = RunningElement.newDataDir();
    Files.writeString(
        dir.resolve(StateFile.NAME), "format = 1\nparameter.lab/scope.timebase.value = 0.0");
    try (RunningElement running = RunningElement.of(lab(dir))) {
      ParameterInfo timebase = parameters(running.client(), "lab/scope").get("timebase");
      assertEquals(0.001, timebase.getValue().getDoubleValue());
      assertEquals("DEFAULT", timebase.getSource());
      setParameter(running.client(), "lab/scope", "timebase", doubleValue(0.003));
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertTrue(
          files.anyMatch(
              f -> f.getFileName().toString().startsWith(StateFile.NAME + ".unreadable-")));
    }
    try (RunningElement again = RunningElement.of(lab(dir))) {
      assertEquals("RESTORED", parameters(again.client(), "lab/scope").get("timebase").getSource());
    }
  }
}
