package org.instrumentelement.im;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.ArgumentSpec;
import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.model.CommandSpec;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.ParameterSpec;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A small IM with a free-text parameter and a command with arguments. */
class ScpiInstrumentManagerTest {

  /** Sends its 'label' parameter to the instrument as a SCPI token. */
  static final class LabelledManager extends ScpiInstrumentManager {
    LabelledManager() {
      super(
          standardModel("labelled")
              .parameter(
                  ParameterSpec.of(
                      "label", ValueSpec.text(32), Value.ofString("CHAN1", Instant.EPOCH), ""))
              .command(
                  CommandSpec.of("scale", States.CONNECTED, null, "")
                      .withArguments(
                          new ArgumentSpec("volts", ValueSpec.number("V", 0.001, 10), null, ""),
                          new ArgumentSpec(
                              "channel",
                              ValueSpec.integer(1, 4),
                              Value.ofInteger(1, Instant.EPOCH),
                              "")))
              .build());
    }

    @Override
    protected void applyParameter(InstrumentSession s, ParameterSpec p, Value v)
        throws InstrumentException, ImException {
      send(s, ":WAVeform:SOURce " + scpi(v));
    }

    @Override
    protected Value onCommand(InstrumentSession s, CommandSpec c, Map<String, Value> args)
        throws InstrumentException, ImException {
      send(s, ":CHANnel" + scpi(args.get("channel")) + ":SCALe " + scpi(args.get("volts")));
      return Value.ofDouble(
          queryNumber(s, ":CHANnel" + scpi(args.get("channel")) + ":SCALe?"), Instant.now());
    }

    @Override
    protected Value readAttribute(InstrumentSession s, AttributeSpec a) {
      throw new AssertionError();
    }
  }

  private final MockSessionProvider mocks = new MockSessionProvider();
  private final ResourceManager rm = new ResourceManager().register(mocks);
  private final LabelledManager im = new LabelledManager();
  private MockDevice device;

  @BeforeEach
  void open() throws Exception {
    device = mocks.device("MOCK::oscilloscope");
    im.open(
        new ImContext(
            "x",
            "MOCK::oscilloscope",
            rm,
            Map.of(),
            Duration.ofSeconds(1),
            false,
            false,
            List::of));
  }

  @AfterEach
  void close() {
    rm.close();
  }

  @Test
  void scpiSyntaxInsideAValueIsRefusedBeforeSending() throws Exception {
    im.setParameter("label", Value.ofString("CHAN2", Instant.now()));
    im.executeCommand("link", Map.of());
    assertEquals("CHAN2", device.setting("source", 1));
    int received = device.received().size();
    for (String hostile : List.of("CHAN3;*RST", "CHAN3 :TIM:SCAL 5", "\"CHAN3\"", "CHAN3#")) {
      ImException e =
          assertThrows(
              ImException.class,
              () -> im.setParameter("label", Value.ofString(hostile, Instant.now())));
      assertEquals(FaultCode.INVALID_VALUE, e.code(), hostile);
    }
    assertEquals(
        FaultCode.INVALID_VALUE,
        assertThrows(
                ImException.class,
                () -> im.setParameter("label", Value.ofString("CHAN3\n*RST", Instant.now())))
            .code());
    assertEquals(received, device.received().size(), "nothing was sent");
    assertEquals("CHAN2", im.getParameter("label").asString());
  }

  @Test
  void instrumentRefusalIsReportedWithItsMessage() throws Exception {
    im.executeCommand("link", Map.of());
    ImException e =
        assertThrows(
            ImException.class,
            () -> im.setParameter("label", Value.ofString("CHAN7", Instant.now())));
    assertEquals(FaultCode.INSTRUMENT_ERROR, e.code());
    assertEquals(true, e.getMessage().contains("-224"), e.getMessage());
    assertEquals(States.LINKED, im.state(), "a refusal is not a lost connection");
    assertEquals("CHAN1", im.getParameter("label").asString(), "not recorded");
  }

  @Test
  void commandArgumentsAreValidatedAndDefaulted() throws Exception {
    im.executeCommand("link", Map.of());
    Value r = im.executeCommand("scale", Map.of("volts", Value.ofDouble(2, Instant.now())));
    assertEquals(2.0, r.asDouble());
    assertEquals("2.0", device.setting("scale", 1));
    assertEquals(
        FaultCode.MISSING_ARGUMENT,
        assertThrows(ImException.class, () -> im.executeCommand("scale", Map.of())).code());
    assertEquals(
        FaultCode.OUT_OF_RANGE,
        assertThrows(
                ImException.class,
                () ->
                    im.executeCommand(
                        "scale",
                        Map.of(
                            "volts",
                            Value.ofDouble(2, Instant.now()),
                            "channel",
                            Value.ofInteger(5, Instant.now()))))
            .code());
  }
}
