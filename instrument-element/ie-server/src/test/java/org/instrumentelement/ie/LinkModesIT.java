package org.instrumentelement.ie;

import static org.instrumentelement.ie.RunTimeCalls.describe;
import static org.instrumentelement.ie.RunTimeCalls.parameters;
import static org.instrumentelement.ie.RunTimeCalls.setParameter;
import static org.instrumentelement.ie.client.InstrumentElementClient.doubleValue;
import static org.instrumentelement.ie.client.InstrumentElementClient.integerValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ParameterInfo;
import org.instrumentelement.ie.measure.IeProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Instruments that keep their settings while the IE restarts: the instrument simulator's mock
 * oscilloscope (IM type oscilloscope) and Keysight scope (IM type scpi with the bundled profile),
 * over raw sockets, with the IE a process of its own. With {@code restore} the last run-time value
 * is sent again; with {@code readBack} a setting changed on the instrument while the IE was down is
 * read, and nothing is sent.
 */
class LinkModesIT {
  /** A program message that sets one of the IMs' parameters (not a query, not the link's own). */
  private static final Pattern PARAMETER_SET =
      Pattern.compile(
          "(?i):(TIMebase:SCALe|CHANnel\\d:(SCALe|OFFSet|COUPling)|WAVeform:(SOURce|POINts|FORMat)"
              + "|TRIGger(:EDGE)?:(SOURce|SLOPe)|TRIGger:SWEep) ");

  /** What the operator does at the front panel while the IE is down; the last one marks it. */
  private static final List<String> FRONT_PANEL =
      List.of(
          ":TIMebase:SCALe 0.005",
          ":WAVeform:SOURce CHAN2",
          ":CHANnel2:SCALe 0.2",
          ":TRIGger:SWEep NORM");

  static InstrumentSimulator simulator;
  static Path config;
  static Path data;
  static final Path LOGS = Path.of("target", "link-modes");

  @BeforeAll
  static void start() throws Exception {
    simulator =
        InstrumentSimulator.builder()
            .models("oscilloscope", "keysight-scope")
            .vxi11Port(InstrumentSimulator.OFF)
            .portmapperPort(InstrumentSimulator.OFF)
            .hislipPort(InstrumentSimulator.OFF)
            .build()
            .start();
    Files.createDirectories(LOGS);
    config = LOGS.resolve("lab.properties");
    Files.writeString(
        config,
        String.join(
            "\n",
            "ie.name = sim",
            "sampling.period = off",
            "im.scope.type = oscilloscope",
            "im.scope.address = " + simulator.socketResource(0),
            "im.kscope.type = scpi",
            "im.kscope.descriptor = keysight-infiniivision",
            "im.kscope.address = " + simulator.socketResource(1),
            ""));
    data = RunningElement.newDataDir();
  }

  @AfterAll
  static void stop() {
    simulator.close();
  }

  private static IeProcess ie(String log, String... options) throws Exception {
    List<String> o = new java.util.ArrayList<>(List.of("--config", config.toString()));
    o.addAll(List.of(options));
    return ElementProcesses.start(data, LOGS.resolve(log), o);
  }

  private static MockDevice scope() {
    return simulator.device(0);
  }

  private static MockDevice kscope() {
    return simulator.device(1);
  }

  private static double timebase(MockDevice d) {
    return Double.parseDouble(d.setting("timebase", 1));
  }

  private static void frontPanel(MockDevice d) {
    FRONT_PANEL.forEach(d::handle);
  }

  /** Every setting an IM parameter maps to, as the device would answer its query. */
  private static Map<String, String> settings(MockDevice d) {
    Map<String, String> s = new LinkedHashMap<>();
    for (String p : List.of("timebase", "source", "points", "triggerSource", "triggerSlope")) {
      s.put(p, d.setting(p, 1));
    }
    s.put("triggerMode", d.setting("triggerMode", 1));
    if (d.model().equals("keysight-scope")) {
      s.put("format", d.setting("format", 1));
    }
    for (int ch = 1; ch <= 4; ch++) {
      for (String p : List.of("scale", "offset", "coupling")) {
        s.put(p + ch, d.setting(p, ch));
      }
    }
    return s;
  }

  /** The program messages the device received after the front-panel changes. */
  private static List<String> sentSinceFrontPanel(MockDevice d) {
    List<String> r = d.received();
    int mark = r.lastIndexOf(FRONT_PANEL.get(FRONT_PANEL.size() - 1));
    return r.subList(mark + 1, r.size());
  }

  @Test
  void restoreSendsTheLastRunTimeValueAndReadBackTakesTheInstruments() throws Exception {
    try (IeProcess first = ie("first.log")) {
      InstrumentElementPort operator = ElementProcesses.client(first, "operator");
      setParameter(operator, "scope", "timebase", doubleValue(0.002));
      setParameter(operator, "kscope", "timebase", doubleValue(0.002));
      setParameter(operator, "kscope", "channel", integerValue(3));
      assertEquals(0.002, timebase(scope()));
      assertEquals("CHAN3", kscope().setting("source", 1));
    }

    // While the IE is down, someone turns the knobs; restore puts the run-time values back.
    frontPanel(scope());
    frontPanel(kscope());
    try (IeProcess second = ie("second.log")) {
      InstrumentElementPort admin = ElementProcesses.client(second, "admin");
      for (String im : List.of("scope", "kscope")) {
        ParameterInfo p = parameters(admin, im).get("timebase");
        assertEquals(0.002, p.getValue().getDoubleValue(), im);
        assertEquals("RESTORED", p.getSource(), im);
        assertEquals("operator", p.getSetBy(), im);
      }
      assertEquals(0.002, timebase(scope()), "sent to the instrument again");
      assertEquals(0.002, timebase(kscope()));
      assertEquals("CHAN3", kscope().setting("source", 1));
    }

    // Knobs turned again; with readBack the IE takes the instrument's settings and sends none.
    frontPanel(scope());
    frontPanel(kscope());
    Map<String, String> scopeBefore = settings(scope());
    Map<String, String> kscopeBefore = settings(kscope());
    try (IeProcess third =
        ie("third.log", "--im.scope.onLink=readBack", "--im.kscope.onLink=readBack")) {
      InstrumentElementPort admin = ElementProcesses.client(third, "admin");
      Map<String, ParameterInfo> s = parameters(admin, "scope");
      assertEquals(0.005, s.get("timebase").getValue().getDoubleValue());
      assertEquals("READ_BACK", s.get("timebase").getSource());
      assertEquals("CH2", s.get("channel").getValue().getStringValue());
      assertEquals(0.2, s.get("voltsPerDiv").getValue().getDoubleValue());
      assertEquals("NORMAL", s.get("triggerMode").getValue().getStringValue());
      Map<String, ParameterInfo> k = parameters(admin, "kscope");
      assertEquals(0.005, k.get("timebase").getValue().getDoubleValue());
      assertEquals(2, k.get("channel").getValue().getIntegerValue());
      assertEquals(0.2, k.get("voltsPerDiv").getValue().getDoubleValue());
      assertEquals("READ_BACK", k.get("channel").getSource());
      assertEquals("readBack", describe(admin, "kscope").getOnLink());
      assertEquals(scopeBefore, settings(scope()), "nothing changed on the oscilloscope");
      assertEquals(kscopeBefore, settings(kscope()), "nothing changed on the Keysight scope");
      for (MockDevice d : List.of(scope(), kscope())) {
        List<String> sent = sentSinceFrontPanel(d);
        assertTrue(
            sent.stream().noneMatch(m -> PARAMETER_SET.matcher(m).find()),
            d.model() + " was sent a parameter: " + sent);
      }
      // A setting made now still reaches the instrument.
      setParameter(admin, "scope", "timebase", doubleValue(0.004));
      assertEquals(0.004, timebase(scope()));
    }
  }
}
