package org.instrumentelement.im.managers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The IM model and its state machine, exercised on the oscilloscope over the mock device. */
class OscilloscopeManagerTest {
  private static final String ADDRESS = "MOCK::oscilloscope";
  private final MockSessionProvider mocks = new MockSessionProvider();
  private final ResourceManager rm = new ResourceManager().register(mocks);
  private final InstrumentManager scope = new OscilloscopeManager();
  private MockDevice device;

  @BeforeEach
  void open() throws Exception {
    device = mocks.device(ADDRESS);
    scope.open(context(Map.of(), false));
  }

  @AfterEach
  void close() {
    scope.close();
    rm.close();
  }

  /** Without automatic reconnection: these tests drive recovery by hand (see ReconnectTest). */
  private ImContext context(Map<String, String> params, boolean autoLink) {
    return new ImContext(
        "lab/scope",
        ADDRESS,
        rm,
        params,
        Duration.ofMillis(300),
        autoLink,
        false,
        List::of,
        Map.of(ImContext.RECONNECT, "false"));
  }

  private static Value d(double v) {
    return Value.ofDouble(v, Instant.now());
  }

  private static FaultCode refusal(ThrowingCall call) {
    return assertThrows(ImException.class, call::run).code();
  }

  @FunctionalInterface
  interface ThrowingCall {
    void run() throws Exception;
  }

  private void run(String command) throws ImException {
    scope.executeCommand(command, Map.of());
  }

  @Test
  void stateMachineFollowsTheStandardCommands() throws Exception {
    List<String> transitions = new ArrayList<>();
    scope.addStateListener((im, from, to) -> transitions.add(from + ">" + to));
    assertEquals(States.UNLINKED, scope.state());
    run("link");
    run("start");
    assertEquals(States.RUNNING, scope.state());
    assertEquals(FaultCode.NOT_ALLOWED_IN_STATE, refusal(() -> run("start")));
    assertEquals(FaultCode.NOT_ALLOWED_IN_STATE, refusal(() -> run("single")));
    run("stop");
    run("unlink");
    assertEquals(
        List.of("UNLINKED>LINKED", "LINKED>RUNNING", "RUNNING>LINKED", "LINKED>UNLINKED"),
        transitions);
  }

  @Test
  void attributesNeedAConnection() {
    ImException e = assertThrows(ImException.class, () -> scope.getAttribute("waveform"));
    assertEquals(FaultCode.NOT_ALLOWED_IN_STATE, e.code());
    assertTrue(e.getMessage().contains("state UNLINKED"), e.getMessage());
  }

  @Test
  void parametersSetWhileUnlinkedAreAppliedAtLink() throws Exception {
    scope.setParameter("timebase", d(0.02));
    assertEquals("0.001", device.setting("timebase", 1), "nothing sent while unlinked");
    run("link");
    assertEquals("0.02", device.setting("timebase", 1));
    scope.setParameter("timebase", d(0.005));
    assertEquals("0.005", device.setting("timebase", 1));
  }

  @Test
  void configuredParametersAreParsedAndValidated() throws Exception {
    InstrumentManager other = new OscilloscopeManager();
    other.open(context(Map.of("points", "1250", "channel", "ch2"), true));
    assertEquals(States.LINKED, other.state());
    assertEquals(1250, other.getAttribute("waveform").asDoubles().length);
    assertEquals("CHAN2", device.setting("source", 1));
    other.close();
    ImException e =
        assertThrows(
            ImException.class,
            () -> new OscilloscopeManager().open(context(Map.of("points", "10"), false)));
    assertEquals(FaultCode.OUT_OF_RANGE, e.code());
    assertEquals(
        FaultCode.UNKNOWN_PARAMETER,
        assertThrows(
                ImException.class,
                () -> new OscilloscopeManager().open(context(Map.of("colour", "red"), false)))
            .code());
  }

  @Test
  void waveformIsTheTraceInVolts() throws Exception {
    run("link");
    double[] w = scope.getAttribute("waveform").asDoubles();
    assertEquals(2500, w.length);
    double max = 0;
    for (double v : w) {
      max = Math.max(max, v);
    }
    assertEquals(1.5, max, 0.15, "1.5 V sine on channel 1");
    assertEquals(1e-3 * 10 / 2500, scope.getAttribute("timeIncrement").asDouble(), 1e-15);
    assertEquals(-5e-3, scope.getAttribute("timeOrigin").asDouble(), 1e-15);
  }

  @Test
  void linkedScopeHoldsItsTraceAndSingleTakesANewOne() throws Exception {
    run("link");
    double[] a = scope.getAttribute("waveform").asDoubles();
    double[] b = scope.getAttribute("waveform").asDoubles();
    assertTrue(java.util.Arrays.equals(a, b), "held");
    run("single");
    double[] c = scope.getAttribute("waveform").asDoubles();
    assertTrue(!java.util.Arrays.equals(a, c), "a new trace");
    run("start");
    assertEquals("RUN", scope.getAttribute("acquisitionState").asString());
    assertTrue(
        !java.util.Arrays.equals(
            scope.getAttribute("waveform").asDoubles(), scope.getAttribute("waveform").asDoubles()),
        "running: every read is a new acquisition");
  }

  @Test
  void aStoppedScopesTimeAxisAlwaysDescribesItsTrace() throws Exception {
    run("link");
    run("start");
    run("stop");
    double[] held = scope.getAttribute("waveform").asDoubles();
    assertEquals(2500, held.length);
    // Stopped: more points re-send the held acquisition over the same 10 ms; the new timebase
    // waits for the next acquisition. The time axis follows the trace, not the parameters.
    scope.setParameter("points", d(5000));
    scope.setParameter("timebase", d(2e-3));
    double[] resent = scope.getAttribute("waveform").asDoubles();
    assertEquals(5000, resent.length);
    double dt = scope.getAttribute("timeIncrement").asDouble();
    assertEquals(10e-3 / 5000, dt, 1e-15, "the held trace still spans 10 ms");
    assertEquals(-5e-3, scope.getAttribute("timeOrigin").asDouble(), 1e-15);
    assertEquals(resent.length * dt, 10e-3, 1e-12);
    run("single");
    double[] fresh = scope.getAttribute("waveform").asDoubles();
    assertEquals(5000, fresh.length);
    assertEquals(20e-3 / 5000, scope.getAttribute("timeIncrement").asDouble(), 1e-15);
    assertEquals(-10e-3, scope.getAttribute("timeOrigin").asDouble(), 1e-15);
  }

  @Test
  void refusedRequestsNeverReachTheInstrument() throws Exception {
    run("link");
    long changes = device.settingsChanged();
    int received = device.received().size();
    assertEquals(FaultCode.OUT_OF_RANGE, refusal(() -> scope.setParameter("timebase", d(100))));
    assertEquals(
        FaultCode.WRONG_TYPE,
        refusal(() -> scope.setParameter("timebase", Value.ofString("fast", Instant.now()))));
    assertEquals(
        FaultCode.INVALID_VALUE, refusal(() -> scope.setParameter("timebase", d(Double.NaN))));
    assertEquals(
        FaultCode.OUT_OF_RANGE,
        refusal(() -> scope.setParameter("coupling", Value.ofString("DC;*RST", Instant.now()))));
    assertEquals(FaultCode.UNKNOWN_PARAMETER, refusal(() -> scope.setParameter("colour", d(1))));
    assertEquals(FaultCode.UNKNOWN_ATTRIBUTE, refusal(() -> scope.getAttribute("colour")));
    assertEquals(FaultCode.UNKNOWN_COMMAND, refusal(() -> run("selfDestruct")));
    assertEquals(FaultCode.READ_ONLY, refusal(() -> scope.setAttribute("waveform", d(1))));
    assertEquals(
        FaultCode.UNKNOWN_ARGUMENT,
        refusal(() -> scope.executeCommand("single", Map.of("count", d(2)))));
    assertEquals(changes, device.settingsChanged());
    assertEquals(received, device.received().size());
    assertEquals("0.001", device.setting("timebase", 1));
  }

  @Test
  void pointsCannotChangeWhileRunning() throws Exception {
    run("link");
    run("start");
    assertEquals(
        FaultCode.NOT_ALLOWED_IN_STATE, refusal(() -> scope.setParameter("points", d(1000))));
    run("stop");
    scope.setParameter("points", d(1000));
    assertEquals("1000", device.setting("points", 1));
  }

  @Test
  void writableAttributeGoesToTheInstrument() throws Exception {
    run("link");
    scope.setAttribute("triggerLevel", d(0.25));
    assertEquals("0.25", device.setting("triggerLevel", 1));
    assertEquals(0.25, scope.getAttribute("triggerLevel").asDouble());
  }

  @Test
  void channelChangeCarriesTheVerticalSettings() throws Exception {
    run("link");
    scope.setParameter("voltsPerDiv", d(2));
    scope.setParameter("channel", Value.ofEnum("CH3", Instant.now()));
    assertEquals("CHAN3", device.setting("source", 1));
    assertEquals("2.0", device.setting("scale", 3));
  }

  @Test
  void autoscaleUpdatesTheParameters() throws Exception {
    run("link");
    scope.setParameter("timebase", d(0.02));
    run("autoscale");
    assertEquals(5e-4, scope.getParameter("timebase").asDouble());
  }

  @Test
  void measureReturnsTheAskedFigureOfTheTrace() throws Exception {
    run("link");
    double pp = scope.getAttribute("peakToPeak").asDouble();
    double min = measure("MIN");
    double max = measure("MAX");
    double rms = measure("RMS");
    assertTrue(max > min, min + " .. " + max);
    assertTrue(rms > 0 && rms <= Math.max(-min, max), "rms " + rms);
    assertEquals(pp, measure("PEAK_TO_PEAK"), 0.5 * pp, "another trace, about the same span");
    ImException missing =
        assertThrows(ImException.class, () -> scope.executeCommand("measure", Map.of()));
    assertEquals(FaultCode.MISSING_ARGUMENT, missing.code());
    ImException wrong =
        assertThrows(
            ImException.class,
            () ->
                scope.executeCommand(
                    "measure", Map.of("quantity", Value.ofEnum("MEDIAN", Instant.now()))));
    assertEquals(FaultCode.OUT_OF_RANGE, wrong.code());
  }

  private double measure(String quantity) throws ImException {
    return scope
        .executeCommand("measure", Map.of("quantity", Value.ofEnum(quantity, Instant.now())))
        .asDouble();
  }

  @Test
  void lostInstrumentMovesToErrorAndResetRecovers() throws Exception {
    run("link");
    device.powerOff();
    ImException e = assertThrows(ImException.class, () -> scope.getAttribute("waveform"));
    assertEquals(FaultCode.INSTRUMENT_ERROR, e.code());
    assertEquals(States.ERROR, scope.state());
    assertTrue(scope.lastError().contains("not reachable"), scope.lastError());
    ImException again = assertThrows(ImException.class, () -> scope.getAttribute("waveform"));
    assertEquals(FaultCode.INSTRUMENT_ERROR, again.code());
    assertTrue(again.getMessage().contains("is in ERROR"), again.getMessage());
    device.powerOn();
    run("reset");
    assertEquals(States.LINKED, scope.state());
    assertEquals(2500, scope.getAttribute("waveform").asDoubles().length);
  }

  @Test
  void hungInstrumentTimesOut() throws Exception {
    run("link");
    device.setHung(true);
    assertEquals(FaultCode.INSTRUMENT_TIMEOUT, refusal(() -> scope.getAttribute("identity")));
    assertEquals(States.ERROR, scope.state());
    device.setHung(false);
    run("link");
    assertTrue(scope.getAttribute("identity").asString().contains("MockScope"));
  }

  @Test
  void unreachableAtLinkIsAnErrorNotACrash() throws Exception {
    device.powerOff();
    assertEquals(FaultCode.INSTRUMENT_ERROR, refusal(() -> run("link")));
    assertEquals(States.ERROR, scope.state());
  }
}
