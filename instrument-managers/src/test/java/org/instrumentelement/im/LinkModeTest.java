package org.instrumentelement.im;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.descriptor.DescriptorInstrumentManager;
import org.instrumentelement.im.managers.ArrayDeviceManager;
import org.instrumentelement.im.managers.OscilloscopeManager;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What link does with an instrument that is already set up: apply or restore send the IM's values;
 * readBack takes the instrument's and sends none. And every value a parameter takes is told to the
 * parameter listeners with its cause.
 */
class LinkModeTest {
  private final MockSessionProvider mocks = new MockSessionProvider();
  private final ResourceManager rm = new ResourceManager().register(mocks);
  private final List<String> changes = new ArrayList<>();
  private InstrumentManager im;

  @AfterEach
  void close() {
    if (im != null) {
      im.close();
    }
    rm.close();
  }

  private void open(
      InstrumentManager manager,
      String address,
      Map<String, String> configured,
      Map<String, String> restored,
      Map<String, String> options)
      throws ImException {
    im = manager;
    im.addParameterListener(
        (m, name, value, change) -> changes.add(change + " " + name + "=" + value.asString()));
    Map<String, String> o = new LinkedHashMap<>(options);
    o.put(ImContext.RECONNECT, "false");
    im.open(
        new ImContext(
            "lab/x",
            address,
            rm,
            configured,
            Duration.ofSeconds(2),
            true,
            false,
            List::of,
            o,
            restored));
    assertEquals(States.LINKED, im.state(), im.lastError());
  }

  /** The settings an oscilloscope keeps, as the mock device would answer their queries. */
  private static Map<String, String> scopeSettings(MockDevice d) {
    Map<String, String> s = new LinkedHashMap<>();
    for (String p : List.of("timebase", "source", "points", "triggerSource", "triggerSlope")) {
      s.put(p, d.setting(p, 1));
    }
    s.put("triggerMode", d.setting("triggerMode", 1));
    for (int ch = 1; ch <= 4; ch++) {
      for (String p : List.of("scale", "offset", "coupling")) {
        s.put(p + ch, d.setting(p, ch));
      }
    }
    return s;
  }

  @Test
  void readBackTakesTheInstrumentsSettingsAndSendsNone() throws Exception {
    MockDevice d = mocks.device("MOCK::oscilloscope");
    // Set on the front panel while the IE was away.
    d.handle(":TIMebase:SCALe 0.005");
    d.handle(":WAVeform:SOURce CHAN2");
    d.handle(":CHANnel2:SCALe 0.2");
    d.handle(":CHANnel2:OFFSet -1.5");
    d.handle(":CHANnel2:COUPling AC");
    d.handle(":TRIGger:SLOPe NEG");
    d.handle(":TRIGger:SWEep NORM");
    Map<String, String> before = scopeSettings(d);
    int received = d.received().size();

    open(
        new OscilloscopeManager(),
        "MOCK::oscilloscope",
        Map.of("timebase", "0.001", "points", "1000"),
        Map.of("voltsPerDiv", "2"),
        Map.of(ImContext.ON_LINK, "readBack"));

    assertEquals(0.005, im.getParameter("timebase").asDouble(), "the instrument's, not the file's");
    assertEquals("CH2", im.getParameter("channel").asString());
    assertEquals(0.2, im.getParameter("voltsPerDiv").asDouble(), "the instrument's, not restored");
    assertEquals(-1.5, im.getParameter("offset").asDouble());
    assertEquals("AC", im.getParameter("coupling").asString());
    assertEquals(2500, im.getParameter("points").asLong());
    assertEquals("FALLING", im.getParameter("triggerSlope").asString());
    assertEquals("NORMAL", im.getParameter("triggerMode").asString());
    assertEquals(before, scopeSettings(d), "no setting of the instrument changed");
    List<String> sent = d.received().subList(received, d.received().size());
    assertTrue(
        sent.stream().noneMatch(m -> m.matches("(?i):(TIM|CHAN|WAV|TRIG)[A-Z0-9:]* [^?]*")),
        "no parameter was sent: " + sent);
    assertTrue(changes.contains("READ_BACK timebase=0.005"), changes.toString());
    assertEquals(
        9, changes.stream().filter(c -> c.startsWith("READ_BACK")).count(), changes.toString());
  }

  @Test
  void readBackRunsAtEveryLinkAndSettingsStillReachTheInstrument() throws Exception {
    MockDevice d = mocks.device("MOCK::array::100");
    open(
        new ArrayDeviceManager(),
        "MOCK::array::100",
        Map.of("length", "50"),
        Map.of(),
        Map.of(ImContext.ON_LINK, "readBack"));
    assertEquals(2500, im.getParameter("length").asLong(), "the device's POINts, not the file's");
    im.setParameter("length", Value.ofInteger(60, Instant.now()));
    assertEquals("60", d.setting("points", 1), "a run-time setting is sent");
    d.handle("POINts 70");
    im.executeCommand(AbstractInstrumentManager.RESET, Map.of());
    assertEquals(70, im.getParameter("length").asLong(), "reset reads back too");
    assertEquals("70", d.setting("points", 1));
  }

  @Test
  void restoreSendsTheRestoredValuesOverTheConfiguredOnes() throws Exception {
    MockDevice d = mocks.device("MOCK::oscilloscope");
    d.handle(":TIMebase:SCALe 0.005");
    open(
        new OscilloscopeManager(),
        "MOCK::oscilloscope",
        Map.of("timebase", "0.001", "offset", "0.5"),
        Map.of("timebase", "0.002"),
        Map.of());
    assertEquals(0.002, im.getParameter("timebase").asDouble());
    assertEquals(0.002, Double.parseDouble(d.setting("timebase", 1)), "the run-time value is sent");
    assertEquals(0.5, im.getParameter("offset").asDouble(), "not restored: the file's");
    assertEquals(List.of("RESTORED timebase=0.002"), changes);
  }

  @Test
  void aRestoredValueThatNoLongerFitsIsSkipped() throws Exception {
    open(
        new OscilloscopeManager(),
        "MOCK::oscilloscope",
        Map.of("timebase", "0.001"),
        Map.of("timebase", "99", "noSuchParameter", "1", "coupling", "AC"),
        Map.of(ImContext.ON_LINK, "apply"));
    assertEquals(0.001, im.getParameter("timebase").asDouble(), "out of range: the file's stays");
    assertEquals("AC", im.getParameter("coupling").asString());
    assertEquals(List.of("RESTORED coupling=AC"), changes);
  }

  @Test
  void settingsAndInstrumentChoicesAreToldWithTheirCause() throws Exception {
    open(new OscilloscopeManager(), "MOCK::oscilloscope", Map.of(), Map.of(), Map.of());
    im.setParameter("timebase", Value.ofDouble(0.002, Instant.now()));
    assertEquals(List.of("SET timebase=0.002"), changes);
    changes.clear();
    im.executeCommand("autoscale", Map.of());
    assertTrue(changes.contains("INSTRUMENT timebase=5.0E-4"), changes.toString());
    assertTrue(changes.stream().allMatch(c -> c.startsWith("INSTRUMENT")), changes.toString());
  }

  @Test
  void descriptorParametersAreReadWithTheirQueryForms() throws Exception {
    MockDevice d = mocks.device("MOCK::keysight-scope");
    d.handle(":WAVeform:SOURce CHAN3");
    d.handle(":CHANnel3:SCALe 0.1");
    d.handle(":TIMebase:SCALe 2e-4");
    d.handle(":TRIGger:EDGE:SOURce CHAN2");
    d.handle(":TRIGger:EDGE:SLOPe NEG");
    d.handle(":WAVeform:FORMat BYTE");
    String timebase = d.setting("timebase", 1);
    String points = d.setting("points", 1);
    open(
        new DescriptorInstrumentManager(),
        "MOCK::keysight-scope",
        Map.of("points", "1000"),
        Map.of(),
        Map.of(ImContext.DESCRIPTOR, "keysight-infiniivision", ImContext.ON_LINK, "readBack"));
    assertEquals(3, im.getParameter("channel").asLong(), "CHAN3 read as 3");
    assertEquals(0.1, im.getParameter("voltsPerDiv").asDouble(), "of channel 3");
    assertEquals(2e-4, im.getParameter("timebase").asDouble());
    assertEquals(2, im.getParameter("triggerSource").asLong());
    assertEquals("FALLING", im.getParameter("triggerSlope").asString());
    assertEquals("BYTE", im.getParameter("dataFormat").asString());
    assertEquals(timebase, d.setting("timebase", 1));
    assertEquals("CHAN3", d.setting("source", 1));
    assertEquals(points, d.setting("points", 1), "the file's points not sent");
    assertEquals(Long.parseLong(points), im.getParameter("points").asLong());
    assertEquals(Long.parseLong(points), im.getAttribute("waveform").asDoubles().length);
  }

  @Test
  void anUnknownLinkModeIsAConfigurationError() {
    ImException e =
        assertThrows(
            ImException.class,
            () ->
                open(
                    new OscilloscopeManager(),
                    "MOCK::oscilloscope",
                    Map.of(),
                    Map.of(),
                    Map.of(ImContext.ON_LINK, "keep")));
    assertEquals(FaultCode.INVALID_VALUE, e.code());
    assertTrue(e.getMessage().contains("apply, restore or readBack"), e.getMessage());
  }
}
