package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import java.util.Set;
import org.instrumentelement.ie.soap.types.DescribeRecording;
import org.instrumentelement.ie.soap.types.ExecuteCommand;
import org.instrumentelement.ie.soap.types.StartRecording;
import org.instrumentelement.ie.soap.types.Value;
import org.instrumentelement.im.model.FreeText;
import org.junit.jupiter.api.Test;

class FaultTextTest {
  static final Random RANDOM = new Random(38);

  static String text(int length) {
    StringBuilder b = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      b.append((char) ('a' + RANDOM.nextInt(26)));
    }
    return b.toString();
  }

  static DescribeRecording recording(String name) {
    DescribeRecording r = new DescribeRecording();
    r.recording = name;
    return r;
  }

  @Test
  void aLongNameIsQuotedByItsFirstHundredCharactersAndItsLength() {
    String name = text(100_000);
    assertEquals(
        "no recording '" + name.substring(0, 100) + "... (100000 characters)'",
        FaultText.of("no recording '" + name + "'", recording(name)));
    // Cut short by an earlier limit, still cut here.
    assertEquals(
        "no recording '" + name.substring(0, 100) + "... (100000 characters)...",
        FaultText.of(("no recording '" + name).substring(0, 2000) + "...", recording(name)));
  }

  @Test
  void anyPartOfARequestTextIsCutWhereverTheMessageTakesItFrom() {
    String value = text(5000);
    ExecuteCommand request = new ExecuteCommand();
    request.im = "lab/scope";
    request.command = "measure";
    Value argument = new Value();
    argument.name = "label";
    argument.stringValue = value;
    request.argument = List.of(argument);
    String middle = value.substring(1234, 1534);
    String message =
        "the instrument refused ':DISP:TEXT " + middle + "': [-113,\"Undefined header\"]";
    assertEquals(
        "the instrument refused ':DISP:TEXT "
            + middle.substring(0, 100)
            + "... (5000 characters)': [-113,\"Undefined header\"]",
        FaultText.of(message, request));
  }

  @Test
  void shortTextsAndTheIesOwnWordsStayWhole() {
    String own = "the note has 5000 characters; at most 4096 ".repeat(10);
    StartRecording request = new StartRecording();
    request.note = text(5000);
    assertEquals(own, FaultText.of(own, request));
    String shortName = text(100);
    assertEquals(
        "no recording '" + shortName + "'",
        FaultText.of("no recording '" + shortName + "'", recording(shortName)));
    assertEquals(Set.of(), FaultText.longTexts(recording(shortName)));
  }

  @Test
  void controlCharactersAreWrittenAsEscapes() {
    String name = "a\u0085b\u2028c\u007f" + text(200) + "\u0001";
    String m = FaultText.of("no recording '" + name + "'", recording(name));
    assertEquals(-1, FreeText.firstControl(m), m);
    assertTrue(m.startsWith("no recording 'a\\u0085b\\u2028c\\u007f"), m);
    assertTrue(m.endsWith("... (" + name.length() + " characters)'"), m);
    assertEquals("x\\u0085y", FaultText.of("x\u0085y", null));
  }

  @Test
  void aMessageIsAtMostTwoThousandCharacters() {
    String own = "e".repeat(5000);
    assertEquals(2003, FaultText.of(own, null).length());
    // Not cut inside an escape.
    String escapes = "\u0085".repeat(1000);
    String m = FaultText.of(escapes, null);
    assertTrue(m.length() <= 2003, m);
    assertTrue(m.endsWith("\\u0085..."), m);
  }

  @Test
  void repetitiveTextsCostLinearTime() {
    // Every window of the message matches every window of the text: each is compared once.
    String name = "a".repeat(1_000_000);
    String m = FaultText.of("no recording '" + name.substring(0, 1986) + "...", recording(name));
    assertEquals("no recording '" + "a".repeat(100) + "... (1000000 characters)...", m);
    assertFalse(m.contains("a".repeat(101)));
  }
}
