package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The simulated instruments read SCPI as IEEE 488.2 and SCPI-99 define it, and refuse with the
 * standard error codes: the commands of issue 19, and each rule once.
 */
class ScpiConformanceTest {
  private final ResourceManager rm = new ResourceManager().register(new MockSessionProvider());

  @AfterEach
  void close() {
    rm.close();
  }

  private String errorAfter(String model, String message) throws Exception {
    try (InstrumentSession s = rm.open("MOCK::" + model + "::conformance")) {
      s.write("*RST;*CLS");
      s.write(message);
      String first = s.query(":SYSTem:ERRor?");
      assertEquals("+0,\"No error\"", s.query(":SYSTem:ERRor?"), "one error at most");
      return first;
    }
  }

  @Test
  void theLongFormsOfTheKeysightManualAreAccepted() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::keysight-scope")) {
      s.write(":WAVeform:SOURce CHANnel1");
      s.write(":WAVeform:BYTeorder MSBFirst");
      assertEquals("MSBF", s.query(":WAVeform:BYTeorder?"));
      s.write(":WAVeform:BYTeorder LSBFirst");
      assertEquals("LSBF", s.query(":WAV:BYT?"));
      s.write(":TRIGger:EDGE:SOURce CHANnel1");
      assertEquals("CHAN1", s.query(":TRIG:SOUR?"));
      s.write(":DIGitize CHANnel1");
      assertEquals("+0,\"No error\"", s.query(":SYSTem:ERRor?"), "as the manual writes it");
    }
    try (InstrumentSession s = rm.open("MOCK::dmm")) {
      assertEquals(1.23456, Double.parseDouble(s.query("MEASure:VOLTage:DC?")), 1e-3);
      assertEquals("+0,\"No error\"", s.query(":SYSTem:ERRor?"));
    }
  }

  @ParameterizedTest(name = "{1} -> {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "keysight-scope | :WAVeform:SOURce CHANnel9 | -224",
        "keysight-scope | :CHANnel5:SCALe 1 | -114",
        "keysight-scope | :TIMebase:SCALe:FAST 1 | -113",
        "keysight-scope | :WAVeform:PREamble? 2 | -108",
        "keysight-scope | :TIMebase:SCALe 1,2 | -108",
        "keysight-scope | :TIMebase:SCALe | -109",
        "keysight-scope | :TIMebase:SCALe fast | -104",
        "keysight-scope | :TIMebase:SCALe 500 | -222",
        "keysight-scope | :TIMebase:SCALe 5 HZ | -131",
        "keysight-scope | :WAVeform:POINts 1000 V | -138",
        "keysight-scope | :TIMebase:SCALe 1.2.3 | -121",
        "keysight-scope | :WAVeform:SOURce \"CHAN1\" | -104",
        "keysight-scope | :TIMebase:SCALe 1E-3;SCALe:FAST 1 | -113",
        "dmm | FETCh? | -230",
        "dmm | CONFigure:VOLTage:DC 10 A | -131",
      })
  void refusalsCarryTheStandardCode(String model, String message, int code) throws Exception {
    String error = errorAfter(model, message);
    assertTrue(error.startsWith(code + ","), message + " queued " + error);
  }

  @Test
  void unitsMultipliersAndKeywordsSetTheSameValue() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::keysight-scope")) {
      s.write(":TIM:SCAL 500us");
      assertEquals("+5.00000000E-004", s.query(":TIMebase:SCALe?"));
      s.write(":CHANnel2:SCALe 200 mV");
      assertEquals("+2.00000000E-001", s.query(":CHAN2:SCAL?"));
      s.write(":TIM:SCAL MAXimum");
      assertEquals("+5.00000000E+001", s.query(":TIM:SCAL?"));
      assertEquals("+2.00000000E-009", s.query(":TIM:SCAL? MIN"), "a query may ask for a limit");
      s.write(":TIM:SCAL DEF");
      assertEquals("+1.00000000E-003", s.query(":TIM:SCAL?"));
      assertEquals("+0,\"No error\"", s.query(":SYSTem:ERRor?"));
    }
  }

  @Test
  void compoundMessagesFollowThePathRules() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::keysight-scope")) {
      s.write(":TRIGger:EDGE:SOURce CHANnel2;LEVel 0.25;SLOPe NEGative;:TIMebase:SCALe 2E-3;*CLS");
      assertEquals(
          "CHAN2;+2.50000000E-001;NEG;+2.00000000E-003",
          s.query(":TRIG:EDGE:SOUR?;LEV?;SLOP?;:TIM:SCAL?"));
      // A syntax error discards the rest of the message; the units before it took effect.
      s.write(":TIM:SCAL 1E-3;:TIM:SC@L 5;:TIM:SCAL 5E-3");
      assertEquals("+1.00000000E-003", s.query(":TIM:SCAL?"));
      assertTrue(s.query("SYST:ERR?").startsWith("-101,"));
    }
  }

  @Test
  void aNumericSuffixSelectsTheChannelInHeadersAndKeywords() throws Exception {
    try (InstrumentSession s = rm.open("MOCK::keysight-scope")) {
      s.write(":CHANnel3:OFFSet 0.5;:CHAN:OFFS -0.5");
      assertEquals("+5.00000000E-001", s.query(":CHANNEL3:OFFSET?"));
      assertEquals("-5.00000000E-001", s.query(":CHANnel1:OFFSet?"), "no suffix is channel 1");
      s.write(":WAVeform:SOURce CHANnel");
      assertEquals("CHAN1", s.query(":WAV:SOUR?"));
    }
  }
}
