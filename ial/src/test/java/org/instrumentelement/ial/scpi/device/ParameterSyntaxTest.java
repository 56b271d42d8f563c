package org.instrumentelement.ial.scpi.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** Keywords and suffix units, as IEEE 488.2 and SCPI-99 define them. */
class ParameterSyntaxTest {

  @Test
  void keywordsMatchInShortOrLongFormAnyCase() {
    Keyword k = Keyword.of("MSBFirst");
    assertTrue(k.matches("MSBF"));
    assertTrue(k.matches("msbfirst"));
    assertTrue(k.matches("MsbFirst"));
    assertFalse(k.matches("MSBFI"), "neither short nor long");
    assertEquals("MSBF", k.shortForm());
    assertEquals("MSBFIRST", k.longForm());
  }

  @Test
  void keywordsWithANumericSuffix() {
    Keyword k = Keyword.of("CHANnel1");
    assertTrue(k.matches("CHAN1"));
    assertTrue(k.matches("channel1"));
    assertTrue(k.matches("CHAN"), "suffix 1 may be left out");
    assertFalse(k.matches("CHAN2"));
    assertEquals("CHAN1", k.shortForm());
    assertFalse(Keyword.of("CHANnel2").matches("CHAN"));
    assertTrue(Keyword.of("PK2Pk").matches("pk2p"));
  }

  private static double scaled(String number, String unit) throws ScpiErrorException {
    ProgramData d = ProgramData.parseList(number).get(0);
    return BigDecimal.valueOf(d.number())
        .multiply(BigDecimal.valueOf(UnitSuffix.multiplier(d.suffix(), unit)))
        .doubleValue();
  }

  @Test
  void unitsAndMultipliers() throws Exception {
    assertEquals(0.2, scaled("200mV", "V"));
    assertEquals(0.2, scaled("200 MV", "V"));
    assertEquals(5e-4, scaled("500us", "S"));
    assertEquals(2e-9, scaled("2NS", "S"));
    assertEquals(1.5, scaled("1.5V", "V"));
    assertEquals(1e6, scaled("1MHZ", "HZ"), "M before HZ is mega");
    assertEquals(2e6, scaled("2MOHM", "OHM"), "and before OHM");
    assertEquals(3e6, scaled("3MAV", "V"), "MA is mega");
    assertEquals(0.01, scaled("10mA", "A"), "but mA is milliampere");
    assertEquals(1e3, scaled("1KOHM", "OHM"));
  }

  @Test
  void wrongOrUnwantedSuffixesAreRefused() {
    ScpiErrorException e = assertThrows(ScpiErrorException.class, () -> scaled("5 HZ", "V"));
    assertEquals(-131, e.error().code());
    e = assertThrows(ScpiErrorException.class, () -> scaled("5 V", null));
    assertEquals(-138, e.error().code());
    e = assertThrows(ScpiErrorException.class, () -> scaled("5 XV", "V"));
    assertEquals(-131, e.error().code());
  }
}
