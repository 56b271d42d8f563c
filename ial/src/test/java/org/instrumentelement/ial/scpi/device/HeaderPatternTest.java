package org.instrumentelement.ial.scpi.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class HeaderPatternTest {

  private static HeaderPattern.Outcome match(String pattern, String received) {
    return HeaderPattern.compile(pattern, 4).match(header(received), new int[1]);
  }

  private static int channel(String pattern, String received) {
    int[] ch = new int[1];
    assertEquals(
        HeaderPattern.Outcome.MATCH, HeaderPattern.compile(pattern, 4).match(header(received), ch));
    return ch[0];
  }

  static ProgramHeader header(String received) {
    List<ProgramUnit> units = ProgramMessageParser.parse(received);
    assertEquals(1, units.size(), received);
    return units.get(0).header();
  }

  @Test
  void shortAndLongFormsMatchInAnyCase() {
    for (String s : List.of(":TIM:SCAL?", "timebase:scale?", ":TIMEBASE:SCAL?", "Tim:Scale?")) {
      assertEquals(HeaderPattern.Outcome.MATCH, match(":TIMebase:SCALe?", s), s);
    }
    assertEquals(HeaderPattern.Outcome.NO_MATCH, match(":TIMebase:SCALe?", ":TIMEB:SCAL?"));
    assertEquals(HeaderPattern.Outcome.NO_MATCH, match(":TIMebase:SCALe?", ":TIM:SCAL"));
    assertEquals(HeaderPattern.Outcome.NO_MATCH, match(":TIMebase:SCALe", ":TIM:SCAL?"));
  }

  @Test
  void withPrefixesAnyLongerPrefixOfTheLongFormMatchesAsOnATektronixScope() {
    HeaderPattern tek = HeaderPattern.compile("DATa:SOUrce", 4, true);
    for (String s : List.of("DATA:SOUR", "DAT:SOU", "data:sourc", "DATa:SOURCE")) {
      assertEquals(HeaderPattern.Outcome.MATCH, tek.match(header(s), new int[1]), s);
    }
    for (String s : List.of("DA:SOUR", "DATA:SOURCES", "DATA:SOUX")) {
      assertEquals(HeaderPattern.Outcome.NO_MATCH, tek.match(header(s), new int[1]), s);
    }
    assertEquals(HeaderPattern.Outcome.NO_MATCH, match("DATa:SOUrce", "DATA:SOUR"), "SCPI-99");
    assertEquals(true, Keyword.of("SEQuence").matches("sequen", true));
    assertEquals(false, Keyword.of("SEQuence").matches("sequen"));
  }

  @Test
  void channelSuffixIsCapturedDefaultsToOneAndIsChecked() {
    assertEquals(3, channel(":CHANnel{ch}:SCALe", ":CHAN3:SCAL"));
    assertEquals(1, channel(":CHANnel{ch}:SCALe", ":CHANNEL:SCALE"));
    assertEquals(4, channel(":CHANnel{ch}:SCALe", "channel4:scale"));
    assertEquals(
        HeaderPattern.Outcome.SUFFIX_OUT_OF_RANGE, match(":CHANnel{ch}:SCALe", ":CHAN5:SCAL"));
    assertEquals(HeaderPattern.Outcome.SUFFIX_OUT_OF_RANGE, match(":TIMebase:SCALe", ":TIM2:SCAL"));
    assertEquals(HeaderPattern.Outcome.MATCH, match("MEASurement{1-8}:SOURce", "MEAS8:SOUR"));
    assertEquals(HeaderPattern.Outcome.MATCH, match("MEASUrement:IMMed:SOUrce1", "MEASU:IMM:SOU"));
    assertEquals(HeaderPattern.Outcome.MATCH, match("MEASUrement:IMMed:SOUrce1", "MEASU:IMM:SOU1"));
    assertEquals(
        HeaderPattern.Outcome.SUFFIX_OUT_OF_RANGE,
        match("MEASUrement:IMMed:SOUrce1", "MEASU:IMM:SOU2"));
  }

  @Test
  void optionalNodesMayBeLeftOutAnywhere() {
    String range = "[:SENSe]:VOLTage[:DC]:RANGe?";
    for (String s :
        List.of("VOLT:RANG?", ":SENS:VOLT:DC:RANG?", "sense:voltage:range?", "VOLT:DC:RANG?")) {
      assertEquals(HeaderPattern.Outcome.MATCH, match(range, s), s);
    }
    assertEquals(HeaderPattern.Outcome.NO_MATCH, match(range, "VOLT:AC:RANG?"));
    assertEquals(HeaderPattern.Outcome.MATCH, match(":SYSTem:ERRor[:NEXT]?", "SYST:ERR?"));
    assertEquals(
        HeaderPattern.Outcome.MATCH, match(":SYSTem:ERRor[:NEXT]?", ":SYSTEM:ERROR:NEXT?"));
  }

  @Test
  void commonCommandsMatchOnlyWithTheirStar() {
    assertEquals(HeaderPattern.Outcome.MATCH, match("*IDN?", "*idn?"));
    assertEquals(HeaderPattern.Outcome.NO_MATCH, match("*IDN?", "IDN?"));
  }

  @Test
  void renderingGivesSpellingsThatMatch() {
    HeaderPattern p = HeaderPattern.compile("[:SENSe]:VOLTage[:DC]:NPLCycles?", 1);
    assertEquals(":SENSE:VOLTAGE:DC:NPLCYCLES?", p.render(true, 1));
    assertEquals(":SENS:VOLT:DC:NPLC?", p.render(false, 1));
    assertEquals(":VOLT:NPLC?", p.renderShortest(1));
    HeaderPattern ch = HeaderPattern.compile(":CHANnel{ch}:OFFSet", 4);
    assertEquals(":CHANNEL2:OFFSET", ch.render(true, 2));
    assertEquals(HeaderPattern.Outcome.MATCH, ch.match(header(ch.render(false, 3)), new int[1]));
  }

  @Test
  void badPatternsFailWhenTheModelLoads() {
    assertThrows(IllegalArgumentException.class, () -> HeaderPattern.compile(":TIM//SCAL", 1));
    assertThrows(IllegalArgumentException.class, () -> HeaderPattern.compile("[:SENSe]", 1));
    assertThrows(IllegalArgumentException.class, () -> HeaderPattern.compile("[:A:B]:C", 1));
  }
}
