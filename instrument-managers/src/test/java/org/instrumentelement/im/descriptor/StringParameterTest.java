package org.instrumentelement.im.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.ParameterListener;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.States;
import org.instrumentelement.im.model.Value;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A string parameter that a SCPI template sends takes only values it can send, however they come: a
 * client's set while LINKED or UNLINKED, the configuration, or the values kept from the last run.
 * One that no link could send (SCPI syntax in it) is refused where it enters, never at the link.
 */
class StringParameterTest {
  /** A string parameter sent as a token: the simulated DMM takes it as its trigger source. */
  static final String DESCRIPTOR =
      """
      parameter.label.type = string
      parameter.label.default = IMMediate
      parameter.label.set = TRIGger:SOURce {value}
      parameter.integration.type = double
      parameter.integration.min = 0.02
      parameter.integration.max = 100
      parameter.integration.default = 10
      parameter.integration.set = VOLTage:DC:NPLCycles {value}
      attribute.reading.type = double
      attribute.reading.get = READ?
      """;

  @TempDir Path dir;
  private final ResourceManager rm = new ResourceManager().register(new MockSessionProvider());
  private final InstrumentManager dmm = new DescriptorInstrumentManager();
  private final List<String> refused = new ArrayList<>();

  @AfterEach
  void close() {
    dmm.close();
    rm.close();
  }

  private void open(boolean link, Map<String, String> configured, Map<String, String> restored)
      throws Exception {
    Path descriptor = Files.writeString(dir.resolve("dmm-with-label.properties"), DESCRIPTOR);
    dmm.addParameterListener(
        new ParameterListener() {
          @Override
          public void parameterChanged(
              InstrumentManager im,
              String name,
              Value value,
              org.instrumentelement.im.ParameterChange change) {}

          @Override
          public void restoreRefused(
              InstrumentManager im, String name, String value, ImException reason) {
            refused.add(name + "=" + value + " " + reason.code());
          }
        });
    dmm.open(
        new ImContext(
            "lab/dmm",
            "MOCK::dmm",
            rm,
            configured,
            Duration.ofSeconds(2),
            link,
            false,
            List::of,
            Map.of(ImContext.DESCRIPTOR, descriptor.toString(), ImContext.RECONNECT, "false"),
            restored));
  }

  static Value text(String s) {
    return Value.ofString(s, Instant.now());
  }

  @Test
  void aSetWhileUnlinkedIsCheckedAsOneWhileLinked() throws Exception {
    open(false, Map.of(), Map.of());
    assertEquals(States.UNLINKED, dmm.state());
    for (String bad : List.of("x;*RST", "BUS *RST", "\"BUS\"", "x:y")) {
      ImException e = assertThrows(ImException.class, () -> dmm.setParameter("label", text(bad)));
      assertEquals(FaultCode.INVALID_VALUE, e.code(), bad);
    }
    assertEquals("IMMediate", dmm.getParameter("label").asString(), "nothing was taken");
    dmm.setParameter("label", text("BUS"));
    dmm.executeCommand("link", Map.of());
    assertEquals(States.LINKED, dmm.state(), dmm.lastError());
    assertEquals(
        FaultCode.INVALID_VALUE,
        assertThrows(ImException.class, () -> dmm.setParameter("label", text("x;*RST"))).code());
  }

  @Test
  void aKeptValueThatASetWouldRefuseIsSetAsideAndTheImLinks() throws Exception {
    open(
        true,
        Map.of("label", "BUS"),
        Map.of("label", "x;*RST", "integration", "1000", "gone", "1"));
    assertEquals(States.LINKED, dmm.state(), dmm.lastError());
    assertEquals("BUS", dmm.getParameter("label").asString(), "the configured value");
    assertEquals(10, dmm.getParameter("integration").asDouble(), "the default");
    assertEquals(
        List.of(
            "gone=1 UNKNOWN_PARAMETER",
            "integration=1000 OUT_OF_RANGE",
            "label=x;*RST INVALID_VALUE"),
        refused.stream().sorted().toList());
  }

  @Test
  void aConfiguredValueThatASetWouldRefuseStopsTheOpen() {
    ImException e =
        assertThrows(ImException.class, () -> open(true, Map.of("label", "x;*RST"), Map.of()));
    assertEquals(FaultCode.INVALID_VALUE, e.code());
  }
}
