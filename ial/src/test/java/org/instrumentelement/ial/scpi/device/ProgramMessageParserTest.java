package org.instrumentelement.ial.scpi.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProgramMessageParserTest {

  private static List<String> headers(String message) {
    return ProgramMessageParser.parse(message).stream()
        .map(u -> u.failed() ? "error " + u.error().code() : u.header().toString())
        .toList();
  }

  @Test
  void aRelativeHeaderContinuesThePathOfThePreviousOne() {
    assertEquals(
        List.of(":TRIG:EDGE:SOUR", ":TRIG:EDGE:LEV", ":TRIG:EDGE:SLOP?"),
        headers(":TRIG:EDGE:SOUR CHAN1;LEV 0.5;SLOP?"));
  }

  @Test
  void aLeadingColonGoesBackToTheRoot() {
    assertEquals(
        List.of(":WAV:SOUR", ":WAV:FORM", ":TIM:SCAL"),
        headers(":WAV:SOUR CHAN1;FORM BYTE;:TIM:SCAL 1E-3"));
  }

  @Test
  void commonCommandsLeaveThePathAlone() {
    assertEquals(
        List.of(":SYST:ERR?", "*CLS", ":SYST:VERS?", "*OPC?"),
        headers("SYST:ERR?;*CLS;VERS?;*opc?"));
  }

  @Test
  void everyMessageStartsAtTheRoot() {
    assertEquals(List.of(":WAV:DATA?"), headers(":WAV:DATA?"));
    assertEquals(List.of(":DATA?"), headers("DATA?"));
  }

  @Test
  void separatorsInsideStringsBlocksAndListsAreData() {
    List<ProgramUnit> units =
        ProgramMessageParser.parse(
            "DISP:TEXT \"a;b,\"\"c\"\"\";ROUT:CLOS (@1,2);DATA #15ab;,d;*WAI");
    assertEquals(4, units.size());
    assertEquals("a;b,\"c\"", units.get(0).parameters().get(0).text());
    assertEquals(ProgramData.Kind.STRING, units.get(0).parameters().get(0).kind());
    assertEquals(ProgramData.Kind.EXPRESSION, units.get(1).parameters().get(0).kind());
    assertEquals(ProgramData.Kind.BLOCK, units.get(2).parameters().get(0).kind());
    assertEquals("*WAI", units.get(3).header().toString());
  }

  @Test
  void parametersAreTypedAsReceived() throws Exception {
    List<ProgramData> p =
        ProgramMessageParser.parse(":X 1.5, -2e-3 ,500 us,#HFF,MAXimum,'x'").get(0).parameters();
    assertEquals(1.5, p.get(0).number());
    assertEquals(-2e-3, p.get(1).number());
    assertEquals(500, p.get(2).number());
    assertEquals("US", p.get(2).suffix());
    assertEquals(255, p.get(3).number());
    assertEquals(ProgramData.Kind.CHARACTER, p.get(4).kind());
    assertEquals("x", p.get(5).text());
  }

  @Test
  void syntaxErrorsStopTheMessageWithTheStandardCode() {
    assertEquals(List.of(":TIM:SCAL", "error -111"), headers(":TIM:SCAL 1;*SRE\"x\";:TIM:SCAL 2"));
    assertEquals(List.of("error -112"), headers(":TIMEBASEMAINSCALE 1"));
    assertEquals(List.of("error -121"), headers(":TIM:SCAL 1.2.3"));
    assertEquals(List.of("error -123"), headers(":TIM:SCAL 1E99999"));
    assertEquals(List.of("error -134"), headers(":TIM:SCAL 1 ABCDEFGHIJKLMN"));
    assertEquals(List.of("error -144"), headers(":WAV:SOUR CHANNELNUMBERONE"));
    assertEquals(List.of("error -151"), headers(":DISP:TEXT \"open"));
    assertEquals(List.of("error -161"), headers(":DATA #19ab"));
    assertEquals(List.of("error -102"), headers(":TIM::SCAL 1"));
    assertEquals(List.of("error -101"), headers(":TIM:SC@L 1"));
    assertTrue(headers(";;").isEmpty(), "empty units are nothing");
  }
}
