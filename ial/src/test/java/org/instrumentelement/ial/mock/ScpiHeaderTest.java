package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ScpiHeaderTest {

  @Test
  void shortAndLongFormsMatchInAnyCase() {
    ScpiHeader h = ScpiHeader.compile(":TIMebase:SCALe?");
    assertEquals(1, h.match(":TIM:SCAL?"));
    assertEquals(1, h.match("timebase:scale?"));
    assertEquals(1, h.match(":TIMEBASE:SCAL?"));
    assertEquals(-1, h.match(":TIMEB:SCAL?"), "neither short nor long form");
    assertEquals(-1, h.match(":TIM:SCAL"), "a query header needs the question mark");
  }

  @Test
  void channelSuffixIsCapturedAndDefaultsToOne() {
    ScpiHeader h = ScpiHeader.compile(":CHANnel{ch}:SCALe");
    assertEquals(3, h.match(":CHAN3:SCAL"));
    assertEquals(1, h.match(":CHANNEL:SCALE"));
    assertEquals(12, h.match("chan12:scal"));
  }

  @Test
  void optionalNodesMayBeLeftOut() {
    ScpiHeader h = ScpiHeader.compile(":SYSTem:ERRor[:NEXT]?");
    assertEquals(1, h.match("SYST:ERR?"));
    assertEquals(1, h.match(":SYSTEM:ERROR:NEXT?"));
    ScpiHeader leading = ScpiHeader.compile("[:SOURce]:FREQuency");
    assertEquals(1, leading.match("FREQ"));
    assertEquals(1, leading.match(":SOUR:FREQ"));
  }

  @Test
  void commonCommandsMatchLiterally() {
    assertEquals(1, ScpiHeader.compile("*IDN?").match("*idn?"));
    assertEquals(-1, ScpiHeader.compile("*IDN?").match("IDN?"));
  }
}
