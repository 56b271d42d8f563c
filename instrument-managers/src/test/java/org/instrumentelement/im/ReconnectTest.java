package org.instrumentelement.im;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.managers.OscilloscopeManager;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.States;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An IM in ERROR reconnects by itself, with backoff, and returns to where it was. */
class ReconnectTest {
  private static final String ADDRESS = "MOCK::oscilloscope";
  private final MockSessionProvider mocks = new MockSessionProvider();
  private final ResourceManager rm = new ResourceManager().register(mocks);
  private final InstrumentManager scope = new OscilloscopeManager();
  private MockDevice device;

  @BeforeEach
  void setUp() throws Exception {
    device = mocks.device(ADDRESS);
  }

  @AfterEach
  void tearDown() {
    scope.close();
    rm.close();
  }

  private void open(boolean autoStart, Map<String, String> options) throws ImException {
    scope.open(
        new ImContext(
            "lab/scope",
            ADDRESS,
            rm,
            Map.of(),
            Duration.ofMillis(300),
            true,
            autoStart,
            List::of,
            options));
  }

  private static final Map<String, String> FAST = Map.of(ImContext.RECONNECT_MAX_DELAY, "PT0.2S");

  /** Polls with a deadline: the reconnect happens on another thread. */
  private static void eventually(BooleanSupplier condition, String what) {
    long until = System.nanoTime() + Duration.ofSeconds(5).toNanos();
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < until, "not within 5 s: " + what);
      Thread.onSpinWait();
    }
  }

  @Test
  void linkedImComesBackLinkedOnceTheInstrumentIsBack() throws Exception {
    open(false, FAST);
    device.powerOff();
    assertEquals(
        FaultCode.INSTRUMENT_ERROR,
        assertThrows(ImException.class, () -> scope.getAttribute("waveform")).code());
    assertEquals(States.ERROR, scope.state());
    // Meanwhile reads fail at once, from the state machine, without waiting for the instrument.
    int received = device.received().size();
    ImException meanwhile = assertThrows(ImException.class, () -> scope.getAttribute("waveform"));
    assertTrue(meanwhile.getMessage().contains("is in ERROR"), meanwhile.getMessage());
    assertEquals(received, device.received().size());
    device.powerOn();
    eventually(() -> scope.state().equals(States.LINKED), "back to LINKED");
    assertEquals("", scope.lastError());
    assertEquals(2500, scope.getAttribute("waveform").asDoubles().length);
  }

  @Test
  void runningImComesBackRunning() throws Exception {
    open(true, FAST);
    assertEquals(States.RUNNING, scope.state());
    device.powerOff(); // the device forgets its settings, as after a power cycle
    assertThrows(ImException.class, () -> scope.getAttribute("peakToPeak"));
    device.powerOn();
    eventually(() -> scope.state().equals(States.RUNNING), "back to RUNNING");
    assertEquals("RUN", scope.getAttribute("acquisitionState").asString());
  }

  @Test
  void instrumentAbsentAtStartUpIsLinkedWhenItAppears() throws Exception {
    device.powerOff();
    open(true, FAST);
    assertEquals(States.ERROR, scope.state());
    device.powerOn();
    eventually(() -> scope.state().equals(States.RUNNING), "linked and started as configured");
  }

  @Test
  void unlinkStopsTheAttempts() throws Exception {
    open(false, FAST);
    device.powerOff();
    assertThrows(ImException.class, () -> scope.getAttribute("waveform"));
    scope.executeCommand("unlink", Map.of());
    device.powerOn();
    long until = System.nanoTime() + Duration.ofMillis(700).toNanos();
    while (System.nanoTime() < until) {
      assertEquals(States.UNLINKED, scope.state(), "the operator unlinked it");
      Thread.onSpinWait();
    }
  }

  @Test
  void noReconnectWhenTurnedOff() throws Exception {
    open(false, Map.of(ImContext.RECONNECT, "false"));
    device.powerOff();
    assertThrows(ImException.class, () -> scope.getAttribute("waveform"));
    device.powerOn();
    long until = System.nanoTime() + Duration.ofMillis(500).toNanos();
    while (System.nanoTime() < until) {
      assertEquals(States.ERROR, scope.state());
      Thread.onSpinWait();
    }
    scope.executeCommand("reset", Map.of());
    assertEquals(States.LINKED, scope.state());
  }

  @Test
  void closeEndsTheReconnectThread() throws Exception {
    open(false, FAST);
    device.powerOff();
    assertThrows(ImException.class, () -> scope.getAttribute("waveform"));
    eventually(() -> reconnectThreads() > 0, "a reconnect thread while in ERROR");
    scope.close();
    eventually(() -> reconnectThreads() == 0, "no reconnect thread after close");
    assertFalse(scope.state().equals(States.ERROR));
  }

  @Test
  void badOptionsAreConfigurationErrors() {
    ImException e =
        assertThrows(
            ImException.class, () -> open(false, Map.of(ImContext.RECONNECT_MAX_DELAY, "soon")));
    assertTrue(e.getMessage().contains("reconnectMaxDelay"), e.getMessage());
  }

  private static long reconnectThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.getName().equals("reconnect lab/scope") && t.isAlive())
        .count();
  }
}
