package org.instrumentelement.im.descriptor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.model.ValueType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DmmProfileTest {
  private final ResourceManager rm = new ResourceManager().register(new MockSessionProvider());
  private final InstrumentManager dmm = new DescriptorInstrumentManager();

  @BeforeEach
  void open() throws Exception {
    dmm.open(
        new ImContext(
            "lab/dmm",
            "MOCK::dmm",
            rm,
            Map.of("function", "dcv"),
            Duration.ofSeconds(2),
            true,
            false,
            List::of,
            Map.of(ImContext.DESCRIPTOR, "scpi-dmm")));
  }

  @AfterEach
  void close() {
    dmm.close();
    rm.close();
  }

  @Test
  void readingFollowsTheConfiguredFunction() throws Exception {
    assertEquals(1.23456, dmm.getAttribute("reading").asDouble(), 1e-3);
    dmm.setParameter("function", Value.ofEnum("RESISTANCE", Instant.now()));
    assertEquals(1000.25, dmm.getAttribute("reading").asDouble(), 0.1);
    assertTrue(dmm.model().attribute("reading").subscribable());
  }

  @Test
  void commandReturnsItsTypedResult() throws Exception {
    Value v = dmm.executeCommand("measure", Map.of());
    assertEquals(ValueType.DOUBLE, v.type());
    assertEquals(1.23456, v.asDouble(), 1e-3);
  }

  @Test
  void outOfRangeIsRefusedBeforeSending() {
    assertEquals(
        FaultCode.OUT_OF_RANGE,
        assertThrows(
                ImException.class,
                () -> dmm.setParameter("integration", Value.ofDouble(1000, Instant.now())))
            .code());
  }
}
