package org.instrumentelement.im.model;

import org.instrumentelement.ie.contract.FaultCode;

/**
 * The one rule for free text that reaches the Instrument Element from outside (a string value such
 * as a label or a command argument, a recording's note): it holds no control character, that is
 * nothing of C0 (U+0000 to U+001F, tab and line feed included), DEL (U+007F), C1 (U+0080 to U+009F,
 * NEL U+0085 included), nor the line and paragraph separators U+2028 and U+2029. Those are the
 * characters some reader takes as the end of a line or of a message: an instrument (a SCPI
 * terminator), a log or audit file read line by line ({@code str.splitlines()} in Python splits on
 * NEL and U+2028 too, JavaScript on U+2028), a terminal. Text that must show such characters anyway
 * (what a caller sent, quoted back in a fault or a log) goes through {@link #escape}.
 */
public final class FreeText {
  private FreeText() {}

  /** Whether {@code c} is a control character of this rule (see the class comment). */
  public static boolean isControl(char c) {
    return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c == '\u2028' || c == '\u2029';
  }

  /** Where the first control character of {@code text} is, or -1 if it has none. */
  public static int firstControl(CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      if (isControl(text.charAt(i))) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Refuses text with a control character.
   *
   * @param what the field, for the message ({@code "the note"}, {@code "label"})
   * @throws ImException INVALID_VALUE naming the character (as U+XXXX) and where it is
   */
  public static void check(String text, String what) throws ImException {
    int at = firstControl(text);
    if (at >= 0) {
      throw new ImException(
          FaultCode.INVALID_VALUE,
          what
              + ": control character "
              + String.format("U+%04X", (int) text.charAt(at))
              + " at position "
              + at
              + " (free text is one line without control characters)");
    }
  }

  /**
   * Whether the character at {@code i} is a surrogate that is not half of a pair: no character at
   * all, which an encoder to UTF-8 refuses or replaces.
   */
  public static boolean isUnpairedSurrogate(CharSequence text, int i) {
    char c = text.charAt(i);
    if (Character.isHighSurrogate(c)) {
      return i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1));
    }
    return Character.isLowSurrogate(c)
        && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)));
  }

  /**
   * The text on one line, every control character and every surrogate that is not half of a pair
   * written {@code \\uXXXX}; other text unchanged.
   */
  public static String escape(String text) {
    StringBuilder b = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (isControl(c) || isUnpairedSurrogate(text, i)) {
        if (b == null) {
          b = new StringBuilder(text.length() + 16).append(text, 0, i);
        }
        b.append(String.format("\\u%04x", (int) c));
      } else if (b != null) {
        b.append(c);
      }
    }
    return b == null ? text : b.toString();
  }
}
