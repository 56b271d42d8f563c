package org.instrumentelement.ial.scpi.device;

import java.util.ArrayList;
import java.util.List;

/**
 * One parameter as received (IEEE 488.2 section 7.7): its kind, the text, and for numbers the value
 * and the suffix unit as sent ({@code 200mV} is 200 with suffix {@code MV}).
 *
 * @param text the element as sent; for a string, its content with doubled quotes undone
 * @param number the value of a decimal or non-decimal number, else NaN
 * @param suffix the upper-cased suffix of a decimal number, or empty
 */
public record ProgramData(Kind kind, String text, double number, String suffix) {

  /** The kinds of program data. */
  public enum Kind {
    /** {@code 1.5}, {@code -2E-3}, {@code 500 US}. */
    DECIMAL,
    /** {@code #HFF}, {@code #Q17}, {@code #B101}. */
    NON_DECIMAL,
    /** A keyword: {@code CHANnel1}, {@code MAX}, {@code ON}. */
    CHARACTER,
    /** {@code "text"} or {@code 'text'}. */
    STRING,
    /** An IEEE 488.2 arbitrary block, {@code #3abc} or {@code #0...}. */
    BLOCK,
    /** A parenthesised expression or channel list, {@code (@1,2)}. */
    EXPRESSION
  }

  /** Whether it is a number (decimal or non-decimal). */
  public boolean isNumeric() {
    return kind == Kind.DECIMAL || kind == Kind.NON_DECIMAL;
  }

  /**
   * Parses a parameter list on its own, {@code REAL,32} (model files use it for defaults and fixed
   * settings).
   */
  public static List<ProgramData> parseList(String text) throws ScpiErrorException {
    List<ProgramData> out = new ArrayList<>();
    for (String p : ProgramMessageParser.split(text, ',')) {
      out.add(ProgramDataReader.read(ProgramMessageParser.strip(p)));
    }
    return List.copyOf(out);
  }

  /** A block's payload: the bytes after its {@code #<n><length>} (or {@code #0}) header. */
  public byte[] blockData() {
    if (kind != Kind.BLOCK) {
      throw new IllegalStateException("not a block: " + this);
    }
    int digits = text.charAt(1) - '0';
    return text.substring(2 + digits).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
  }

  @Override
  public String toString() {
    if (kind == Kind.BLOCK) {
      return "#" + text.charAt(1) + "... (" + (text.length() - 2) + " bytes of block data)";
    }
    return kind == Kind.STRING ? '"' + text + '"' : text;
  }
}
