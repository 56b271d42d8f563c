package org.instrumentelement.im.model;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import org.instrumentelement.ie.contract.FaultCode;
import org.junit.jupiter.api.Test;

class FreeTextTest {
  @Test
  void everyCharacterThatEndsALineForSomeReaderIsAControlCharacter() {
    String controls = "\u0000\t\n\u000b\u000c\r\u001b\u001f\u007f\u0080\u0085\u009f\u2028\u2029";
    for (char c : controls.toCharArray()) {
      assertTrue(FreeText.isControl(c), String.format("U+%04X", (int) c));
      ImException e =
          assertThrows(ImException.class, () -> FreeText.check("ab" + c + "cd", "the note"));
      assertEquals(FaultCode.INVALID_VALUE, e.code());
      assertEquals(
          String.format(
              "the note: control character U+%04X at position 2 (free text is one line without"
                  + " control characters)",
              (int) c),
          e.getMessage());
    }
    // Every line separator Python's str.splitlines() knows is one of them.
    for (char c : "\n\r\u000b\u000c\u001c\u001d\u001e\u0085\u2028\u2029".toCharArray()) {
      assertTrue(FreeText.isControl(c), String.format("U+%04X", (int) c));
    }
  }

  @Test
  void printableTextOfAnyScriptPasses() {
    for (String text :
        new String[] {"", "x", "scope of bench 3 (µs)", "Ω ≤ 5 – ok", "测量", "\u00a0\u00ff", "😀"}) {
      assertEquals(-1, FreeText.firstControl(text), text);
      assertDoesNotThrow(() -> FreeText.check(text, "the note"));
      assertEquals(text, FreeText.escape(text));
    }
    assertFalse(FreeText.isControl(' '));
    assertFalse(FreeText.isControl('\u00a0'));
  }

  @Test
  void escapingPutsTheTextOnOneLine() {
    assertEquals("a\\u0085b\\u2028c\\u000ad\\u007f", FreeText.escape("a\u0085b\u2028c\nd\u007f"));
    assertEquals(
        "lone \\ud800 and \\udc00, pair 😀", FreeText.escape("lone \ud800 and \udc00, pair 😀"));
    assertEquals("end \\ud83d", FreeText.escape("end \ud83d"));
  }

  @Test
  void stringValuesFollowTheRule() {
    ValueSpec s = ValueSpec.text(64);
    for (String bad : new String[] {"x\u007f", "x\u0085", "x\u2028", "x\u2029", "x\t"}) {
      ImException e =
          assertThrows(
              ImException.class, () -> s.validate(Value.ofString(bad, Instant.now()), "label"));
      assertEquals(FaultCode.INVALID_VALUE, e.code(), bad);
    }
  }
}
