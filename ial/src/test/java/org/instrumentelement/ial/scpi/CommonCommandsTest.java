package org.instrumentelement.ial.scpi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The IEEE 488.2 conventions, on the in-memory mock (no sockets). */
class CommonCommandsTest {
  private final ResourceManager rm = new ResourceManager().register(new MockSessionProvider());

  @AfterEach
  void close() {
    rm.close();
  }

  @Test
  void identityIsTakenApart() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::keysight-scope")) {
      CommonCommands.Identity id = CommonCommands.identify(s);
      assertEquals("KEYSIGHT TECHNOLOGIES", id.manufacturer());
      assertEquals("DSO-X 3024T", id.model());
      assertTrue(id.firmware().startsWith("07.50"));
    }
  }

  @Test
  void resetWaitsAndRestoresDefaults() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      s.write(":TIM:SCAL 0.02");
      CommonCommands.reset(s);
      assertEquals("0.001", s.query(":TIM:SCAL?"));
    }
  }

  @Test
  void refusedCommandsReportTheirErrorsAndLeaveAnEmptyQueue() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::oscilloscope")) {
      CommonCommands.clearStatus(s);
      assertEquals(List.of(), CommonCommands.sendChecked(s, ":TIM:SCAL 0.002"));
      List<String> errors = CommonCommands.sendChecked(s, ":TIM:SCAL 1e6;:NO:SUCH");
      assertEquals(2, errors.size());
      assertTrue(errors.get(0).startsWith("-222,"), errors.toString());
      assertTrue(errors.get(1).startsWith("-113,"), errors.toString());
      assertEquals(0, s.readStatusByte() & 4, "queue drained");
    }
  }
}
