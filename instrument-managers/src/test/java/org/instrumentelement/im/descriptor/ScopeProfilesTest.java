package org.instrumentelement.im.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each bundled oscilloscope profile drives the mock scope of its vendor's dialect: the waveform
 * comes back in volts (the 1.5 V sine on channel 1, the 1 V square on channel 2) with its time
 * axis, scaled from the vendor's preamble.
 */
class ScopeProfilesTest {
  private final MockSessionProvider mocks = new MockSessionProvider();
  private final ResourceManager rm = new ResourceManager().register(mocks);
  private final InstrumentManager scope = new DescriptorInstrumentManager();

  @AfterEach
  void close() {
    scope.close();
    rm.close();
  }

  private MockDevice open(String profile, String model) throws Exception {
    String address = "MOCK::" + model;
    scope.open(
        new ImContext(
            "lab/scope",
            address,
            rm,
            Map.of(),
            Duration.ofSeconds(2),
            true,
            false,
            List::of,
            Map.of(ImContext.DESCRIPTOR, profile, ImContext.RECONNECT, "false")));
    assertEquals(States.LINKED, scope.state(), scope.lastError());
    return mocks.device(address);
  }

  private static double max(double[] v) {
    double m = Double.NEGATIVE_INFINITY;
    for (double x : v) {
      m = Math.max(m, x);
    }
    return m;
  }

  @ParameterizedTest
  @CsvSource({
    "keysight-infiniivision, keysight-scope, 2500, 10",
    "tektronix-mso, tektronix-scope, 10000, 10",
    "rigol-ds1000z, rigol-ds1000z, 1200, 12",
    "rs-rtb, rs-rtb, 10000, 12"
  })
  void waveformComesBackInVoltsWithItsTimeAxis(
      String profile, String model, int points, int divisions) throws Exception {
    open(profile, model);
    double[] volts = scope.getAttribute("waveform").asDoubles();
    assertEquals(points, volts.length);
    assertEquals(1.5, max(volts), 0.12, profile + ": the 1.5 V sine on channel 1");
    double dt = scope.getAttribute("timeIncrement").asDouble();
    assertEquals(1e-3 * divisions / points, dt, 1e-3 * divisions / points * 1e-6);
    double t0 = scope.getAttribute("timeOrigin").asDouble();
    assertEquals(-1e-3 * divisions / 2, t0, 1e-9);
    double[] time = scope.getAttribute("time").asDoubles();
    assertEquals(points, time.length);
    assertEquals(t0, time[0], 1e-12);
    assertEquals(t0 + (points - 1) * dt, time[points - 1], 1e-9);
    assertEquals(3.0, scope.getAttribute("peakToPeak").asDouble(), 0.25);
    assertTrue(scope.model().attribute("waveform").subscribable());
  }

  @ParameterizedTest
  @CsvSource({
    "keysight-infiniivision, keysight-scope, WORD, INT16",
    "keysight-infiniivision, keysight-scope, BYTE, INT8",
    "tektronix-mso, tektronix-scope, , INT16",
    "rigol-ds1000z, rigol-ds1000z, , INT8"
  })
  void aTraceDeclaredAsCodesKeepsThemAndGivesTheirVolts(
      String profile, String model, String format, ScaledCodes.Width width) throws Exception {
    open(profile, model);
    if (format != null) {
      scope.setParameter("dataFormat", Value.ofEnum(format, Instant.now()));
    }
    Value trace = scope.getAttribute("waveform");
    ScaledCodes codes = trace.scaledCodes();
    assertEquals(width, codes.width(), profile);
    double[] volts = trace.asDoubles();
    assertEquals(codes.length(), volts.length);
    for (int i = 0; i < volts.length; i++) {
      assertEquals(
          Double.doubleToLongBits(codes.code(i) * codes.scale() + codes.offset()),
          Double.doubleToLongBits(volts[i]),
          "sample " + i);
    }
    assertEquals(1.5, max(volts), 0.12, profile + ": the 1.5 V sine on channel 1");
    assertEquals(3.0, scope.getAttribute("peakToPeak").asDouble(), 0.25);
  }

  /**
   * The Keysight profile names its scope's hole and clip codes (0, 1 and the largest code, kept as
   * the signed codes' lowest, next and highest): the codes carry them, a sample the screen clipped
   * is at its clip code (the volts of the screen's edge), and no sample is a hole.
   */
  @ParameterizedTest
  @CsvSource({"WORD, 32767", "BYTE, 127"})
  void theKeysightsClipCodesMarkTheSamplesItsScreenClipped(String format, int top)
      throws Exception {
    open("keysight-infiniivision", "keysight-scope");
    scope.setParameter("dataFormat", Value.ofEnum(format, Instant.now()));
    ScaledCodes fits = scope.getAttribute("waveform").scaledCodes();
    assertEquals(-top - 1, fits.nanCode());
    assertEquals(-top, fits.clipLowCode());
    assertEquals(top, fits.clipHighCode());
    int[] none = clipped(fits, top);
    assertEquals(0, none[0] + none[1] + none[2], "the 1.5 V sine fits 8 divisions of 0.5 V");

    scope.setParameter("voltsPerDiv", Value.ofDouble(0.25, Instant.now()));
    scope.executeCommand("single", Map.of()); // the stopped scope acquires at the new scale
    Value trace = scope.getAttribute("waveform");
    int[] cut = clipped(trace.scaledCodes(), top);
    assertEquals(0, cut[0], "no hole: a sample below the screen is clipped low, not missing");
    assertTrue(cut[1] > 0 && cut[2] > 0, "the sine clipped at both edges of ±1 V");
    double[] volts = trace.asDoubles();
    assertEquals(1.0, max(volts), 0.01, "clipped high at the top of the screen");
    for (double v : volts) {
      assertTrue(!Double.isNaN(v) && v >= -1.0 && v <= 1.0, "on screen: " + v);
    }
  }

  /** Holes, samples clipped low and clipped high among {@code c}'s codes. */
  private static int[] clipped(ScaledCodes c, int top) {
    int[] n = new int[3];
    for (int i = 0; i < c.length(); i++) {
      int code = c.code(i);
      n[0] += code == -top - 1 ? 1 : 0;
      n[1] += code == -top ? 1 : 0;
      n[2] += code == top ? 1 : 0;
    }
    return n;
  }

  @ParameterizedTest
  @CsvSource({
    "keysight-infiniivision, keysight-scope, 8",
    "tektronix-mso, tektronix-scope, 10",
    "rigol-ds1000z, rigol-ds1000z, 8",
    "rs-rtb, rs-rtb, 10"
  })
  void parametersReachTheScope(String profile, String model, int divisions) throws Exception {
    open(profile, model);
    scope.setParameter("channel", Value.ofInteger(2, Instant.now()));
    scope.setParameter("voltsPerDiv", Value.ofDouble(0.15, Instant.now()));
    double[] volts = scope.getAttribute("waveform").asDoubles();
    assertEquals(
        0.15 * divisions / 2,
        max(volts),
        0.05,
        profile + ": the 1 V square clipped at the top of " + divisions + " divisions");
    scope.setParameter("triggerSlope", Value.ofEnum("FALLING", Instant.now()));
    scope.setAttribute("triggerLevel", Value.ofDouble(0.25, Instant.now()));
    assertEquals(0.25, scope.getAttribute("triggerLevel").asDouble(), 1e-9);
    assertTrue(
        scope.getAttribute("identity").asString().contains("SIM"), "a simulated serial number");
    scope.executeCommand("start", Map.of());
    assertEquals(States.RUNNING, scope.state());
    scope.executeCommand("stop", Map.of());
  }

  @ParameterizedTest
  @CsvSource({"keysight-infiniivision, keysight-scope", "rigol-ds1000z, rigol-ds1000z"})
  void autoscaleReadsTheNewScalesBack(String profile, String model) throws Exception {
    open(profile, model);
    scope.setParameter("timebase", Value.ofDouble(0.02, Instant.now()));
    scope.executeCommand("autoscale", Map.of());
    assertEquals(5e-4, scope.getParameter("timebase").asDouble(), 1e-12);
  }

  @ParameterizedTest
  @CsvSource({"keysight-infiniivision, keysight-scope", "tektronix-mso, tektronix-scope"})
  void valuesThatWouldBeScpiSyntaxAreNeverSent(String profile, String model) throws Exception {
    MockDevice device = open(profile, model);
    int received = device.received().size();
    for (String hostile : List.of("DC;*RST", "DC\n*RST", "AC :TIM:SCAL 5", "\"DC\"")) {
      ImException e =
          assertThrows(
              ImException.class,
              () -> scope.setParameter("coupling", Value.ofString(hostile, Instant.now())));
      assertTrue(
          e.code() == FaultCode.OUT_OF_RANGE || e.code() == FaultCode.INVALID_VALUE,
          hostile + ": " + e.code());
    }
    assertEquals(
        FaultCode.INVALID_VALUE,
        assertThrows(
                ImException.class,
                () -> scope.setAttribute("triggerLevel", Value.ofDouble(Double.NaN, Instant.now())))
            .code());
    assertEquals(
        FaultCode.OUT_OF_RANGE,
        assertThrows(
                ImException.class,
                () -> scope.setParameter("channel", Value.ofInteger(9, Instant.now())))
            .code());
    assertEquals(received, device.received().size(), "nothing reached the instrument");
  }

  @ParameterizedTest
  @CsvSource({"keysight-infiniivision, rigol-ds1000z", "rigol-ds1000z, keysight-scope"})
  void anotherVendorsScopeIsRefusedAtLink(String profile, String model) throws Exception {
    scope.open(
        new ImContext(
            "lab/scope",
            "MOCK::" + model,
            rm,
            Map.of(),
            Duration.ofSeconds(2),
            true,
            false,
            List::of,
            Map.of(ImContext.DESCRIPTOR, profile, ImContext.RECONNECT, "false")));
    // Not a connection failure, so no reconnecting: the IM stays UNLINKED and says why.
    assertEquals(States.UNLINKED, scope.state());
    ImException e = assertThrows(ImException.class, () -> scope.executeCommand("link", Map.of()));
    assertEquals(FaultCode.INSTRUMENT_ERROR, e.code());
    assertTrue(e.getMessage().contains("not one the descriptor"), e.getMessage());
  }
}
