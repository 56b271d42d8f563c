package org.instrumentelement.portal.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ValueType;
import org.junit.jupiter.api.Test;

class ValueTextTest {
  @Test
  void parsesWhatOperatorsType() throws Exception {
    assertEquals(0.002, ValueText.parse(ValueType.DOUBLE, " 2e-3 ", "t").getDoubleValue());
    assertEquals(2500L, ValueText.parse(ValueType.INTEGER, "2500", "p").getIntegerValue());
    assertEquals(true, ValueText.parse(ValueType.BOOLEAN, "on", "b").isBooleanValue());
    assertEquals("ch2", ValueText.parse(ValueType.ENUM, "ch2", "c").getStringValue());
  }

  @Test
  void syntaxErrorsNeverReachTheIe() {
    PortalError e =
        assertThrows(
            PortalError.class, () -> ValueText.parse(ValueType.DOUBLE, "fast", "timebase"));
    assertEquals("WRONG_TYPE", e.code());
    assertEquals("timebase", e.item());
    assertEquals(400, e.httpStatus());
    assertThrows(PortalError.class, () -> ValueText.parse(ValueType.INTEGER, "2.5", "points"));
  }

  @Test
  void showsValuesPlainly() {
    assertEquals(1.5, ValueText.plain(InstrumentElementClient.doubleValue(1.5)));
    assertEquals(7L, ValueText.plain(InstrumentElementClient.integerValue(7)));
    assertEquals("CH1", ValueText.plain(InstrumentElementClient.stringValue("CH1")));
  }
}
