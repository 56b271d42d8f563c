package org.instrumentelement.ial.scpi.device;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads one parameter element (IEEE 488.2 section 7.7) and says which kind it is. */
final class ProgramDataReader {
  private static final java.util.regex.Pattern MANTISSA_WITHOUT_DIGITS =
      java.util.regex.Pattern.compile("[+-]?\\.?");
  private static final java.util.regex.Pattern SIGN = java.util.regex.Pattern.compile("[+-]");

  /** IEEE 488.2 7.6.1.4 and 7.7.1.4: mnemonics and character data have at most 12 characters. */
  static final int MAX_MNEMONIC = 12;

  private static final int MAX_EXPONENT = 32000;
  private static final Pattern DECIMAL =
      Pattern.compile("([+-]?(?:\\d+\\.?\\d*|\\.\\d+))(?:\\s*[eE]\\s*([+-]?\\d+))?\\s*(.*)");
  private static final Pattern SUFFIX = Pattern.compile("[A-Za-z][A-Za-z0-9/._-]*");
  private static final Pattern CHARACTER = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

  private ProgramDataReader() {}

  static ProgramData read(String t) throws ScpiErrorException {
    if (t.isEmpty()) {
      throw new ScpiErrorException(ScpiError.MISSING_PARAMETER);
    }
    char c = t.charAt(0);
    if (c == '"' || c == '\'') {
      return string(t, c);
    } else if (c == '#') {
      return hash(t);
    } else if (c == '(') {
      if (!t.endsWith(")")) {
        throw new ScpiErrorException(ScpiError.SYNTAX.withDetail("')' expected in " + t));
      }
      return new ProgramData(ProgramData.Kind.EXPRESSION, t, Double.NaN, "");
    } else if (Character.isDigit(c) || c == '+' || c == '-' || c == '.') {
      return decimal(t);
    } else if (Character.isLetter(c)) {
      if (!CHARACTER.matcher(t).matches()) {
        throw new ScpiErrorException(ScpiError.INVALID_CHARACTER_DATA.withDetail(t));
      }
      if (t.length() > MAX_MNEMONIC) {
        throw new ScpiErrorException(ScpiError.CHARACTER_DATA_TOO_LONG.withDetail(t));
      }
      return new ProgramData(ProgramData.Kind.CHARACTER, t, Double.NaN, "");
    }
    throw new ScpiErrorException(ScpiError.INVALID_CHARACTER.withDetail(t));
  }

  private static ProgramData string(String t, char quote) throws ScpiErrorException {
    StringBuilder content = new StringBuilder();
    int i = 1;
    while (true) {
      if (i >= t.length()) {
        throw new ScpiErrorException(ScpiError.INVALID_STRING_DATA.withDetail("unterminated"));
      }
      char c = t.charAt(i);
      if (c == quote) {
        if (i + 1 < t.length() && t.charAt(i + 1) == quote) {
          content.append(quote); // a doubled quote stands for one
          i += 2;
          continue;
        }
        if (i + 1 != t.length()) {
          throw new ScpiErrorException(ScpiError.INVALID_STRING_DATA.withDetail(t));
        }
        return new ProgramData(ProgramData.Kind.STRING, content.toString(), Double.NaN, "");
      }
      content.append(c);
      i++;
    }
  }

  private static ProgramData hash(String t) throws ScpiErrorException {
    if (t.length() < 2) {
      throw new ScpiErrorException(ScpiError.SYNTAX.withDetail(t));
    }
    char base = Character.toUpperCase(t.charAt(1));
    if (Character.isDigit(base)) {
      if (ProgramMessageParser.blockEnd(t, 0) != t.length()) {
        throw new ScpiErrorException(ScpiError.INVALID_SEPARATOR.withDetail("after block data"));
      }
      return new ProgramData(ProgramData.Kind.BLOCK, t, Double.NaN, "");
    }
    int radix =
        switch (base) {
          case 'H' -> 16;
          case 'Q' -> 8;
          case 'B' -> 2;
          default -> throw new ScpiErrorException(ScpiError.SYNTAX.withDetail(t));
        };
    try {
      return new ProgramData(
          ProgramData.Kind.NON_DECIMAL, t, Long.parseLong(t.substring(2), radix), "");
    } catch (NumberFormatException e) {
      throw new ScpiErrorException(ScpiError.INVALID_NUMBER_CHARACTER.withDetail(t));
    }
  }

  private static ProgramData decimal(String t) throws ScpiErrorException {
    Matcher m = DECIMAL.matcher(t);
    if (!m.matches() || MANTISSA_WITHOUT_DIGITS.matcher(m.group(1)).matches()) {
      throw new ScpiErrorException(ScpiError.INVALID_NUMBER_CHARACTER.withDetail(t));
    }
    String exponent = m.group(2);
    if (exponent != null
        && (SIGN.matcher(exponent).replaceAll("").length() > 6
            || Math.abs(Integer.parseInt(exponent)) > MAX_EXPONENT)) {
      throw new ScpiErrorException(ScpiError.EXPONENT_TOO_LARGE.withDetail(t));
    }
    double value =
        Double.parseDouble(m.group(1) + (exponent == null ? "" : "E" + exponent.replace("+", "")));
    String suffix = m.group(3);
    if (!suffix.isEmpty()) {
      if (!SUFFIX.matcher(suffix).matches()) {
        throw new ScpiErrorException(ScpiError.INVALID_NUMBER_CHARACTER.withDetail(t));
      }
      if (suffix.length() > MAX_MNEMONIC) {
        throw new ScpiErrorException(ScpiError.SUFFIX_TOO_LONG.withDetail(suffix));
      }
    }
    return new ProgramData(
        ProgramData.Kind.DECIMAL, t, value, suffix.toUpperCase(java.util.Locale.ROOT));
  }
}
