package org.instrumentelement.ial.scpi.device;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts one program message (the text up to a terminator or END) into units, as IEEE 488.2 chapter 7
 * and SCPI-99 section 6.2 define them: units separated by {@code ;}; a header starting with {@code
 * :} is taken from the root, any other compound header continues the path of the previous one (all
 * its nodes but the last); common commands ({@code *CLS}) leave the path alone; each new message
 * starts at the root. Semicolons and commas inside strings, blocks and parentheses are data.
 *
 * <p>Parsing stops at the first syntax error, which becomes the last unit: the units before it run,
 * the rest of the message is discarded.
 */
public final class ProgramMessageParser {

  private ProgramMessageParser() {}

  /** The units of {@code message}, headers made absolute; empty units are skipped. */
  public static List<ProgramUnit> parse(String message) {
    List<ProgramUnit> units = new ArrayList<>();
    List<HeaderNode> path = List.of();
    List<String> texts;
    try {
      texts = split(message, ';');
    } catch (ScpiErrorException e) {
      units.add(ProgramUnit.failed(e.error()));
      return units;
    }
    for (String text : texts) {
      String unit = strip(text);
      if (unit.isEmpty()) {
        continue;
      }
      try {
        int end = headerEnd(unit);
        String headerText = unit.substring(0, end);
        String rest = unit.substring(end);
        if (!rest.isEmpty() && !Character.isWhitespace(rest.charAt(0))) {
          throw new ScpiErrorException(ScpiError.HEADER_SEPARATOR.withDetail(unit));
        }
        ProgramHeader header;
        if (headerText.startsWith("*")) {
          header = common(headerText);
        } else {
          boolean absolute = headerText.startsWith(":");
          boolean query = headerText.endsWith("?");
          String body =
              headerText.substring(absolute ? 1 : 0, headerText.length() - (query ? 1 : 0));
          List<HeaderNode> nodes = new ArrayList<>(absolute ? List.of() : path);
          for (String mnemonic : body.split(":", -1)) {
            nodes.add(node(mnemonic, unit));
          }
          path = List.copyOf(nodes.subList(0, nodes.size() - 1));
          header = new ProgramHeader(false, List.copyOf(nodes), query);
        }
        units.add(new ProgramUnit(header, parameters(strip(rest)), null));
      } catch (ScpiErrorException e) {
        units.add(ProgramUnit.failed(e.error()));
        return units;
      }
    }
    return units;
  }

  private static int headerEnd(String unit) {
    int i = 0;
    while (i < unit.length() && !Character.isWhitespace(unit.charAt(i))) {
      char c = unit.charAt(i);
      if (c == '"' || c == '\'' || c == '#' || c == '(' || c == ',') {
        break;
      }
      i++;
    }
    return i;
  }

  private static final java.util.regex.Pattern COMMON_NAME =
      java.util.regex.Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

  private static ProgramHeader common(String text) throws ScpiErrorException {
    boolean query = text.endsWith("?");
    String name = text.substring(1, text.length() - (query ? 1 : 0));
    if (!COMMON_NAME.matcher(name).matches()) {
      throw new ScpiErrorException(ScpiError.SYNTAX.withDetail(text));
    }
    if (name.length() > ProgramDataReader.MAX_MNEMONIC) {
      throw new ScpiErrorException(ScpiError.MNEMONIC_TOO_LONG.withDetail(text));
    }
    return new ProgramHeader(
        true,
        List.of(
            new HeaderNode("*" + name.toUpperCase(java.util.Locale.ROOT), HeaderNode.NO_SUFFIX)),
        query);
  }

  private static HeaderNode node(String mnemonic, String unit) throws ScpiErrorException {
    if (mnemonic.isEmpty()) {
      throw new ScpiErrorException(ScpiError.SYNTAX.withDetail(unit));
    }
    if (!Character.isLetter(mnemonic.charAt(0))
        || !mnemonic.chars().allMatch(c -> Character.isLetterOrDigit(c) || c == '_')) {
      throw new ScpiErrorException(ScpiError.INVALID_CHARACTER.withDetail(unit));
    }
    if (mnemonic.length() > ProgramDataReader.MAX_MNEMONIC) {
      throw new ScpiErrorException(ScpiError.MNEMONIC_TOO_LONG.withDetail(mnemonic));
    }
    return HeaderNode.of(mnemonic);
  }

  private static List<ProgramData> parameters(String text) throws ScpiErrorException {
    if (text.isEmpty()) {
      return List.of();
    }
    List<ProgramData> out = new ArrayList<>();
    for (String p : split(text, ',')) {
      out.add(ProgramDataReader.read(strip(p)));
    }
    return List.copyOf(out);
  }

  /**
   * {@code s} without the white space around it, but none of a block's bytes: a block may end with
   * bytes that look like white space.
   */
  static String strip(String s) {
    String t = s.stripLeading();
    int protectedEnd = 0;
    try {
      protectedEnd = lastBlockEnd(t);
    } catch (ScpiErrorException e) {
      // a malformed block: the reader reports it; nothing to protect
    }
    int end = t.length();
    while (end > protectedEnd && Character.isWhitespace(t.charAt(end - 1))) {
      end--;
    }
    return t.substring(0, end);
  }

  /** The index after the last block in {@code s}, or 0 if it holds none. */
  private static int lastBlockEnd(String s) throws ScpiErrorException {
    int last = 0;
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '"' || c == '\'') {
        int close = s.indexOf(c, i + 1);
        if (close < 0) {
          return last;
        }
        i = close + 1;
      } else if (c == '#' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1))) {
        i = blockEnd(s, i);
        last = i;
      } else {
        i++;
      }
    }
    return last;
  }

  /**
   * Splits at {@code separator} outside strings, parentheses and blocks.
   *
   * @throws ScpiErrorException if a string or a block is not closed
   */
  static List<String> split(String s, char separator) throws ScpiErrorException {
    List<String> parts = new ArrayList<>();
    int start = 0;
    int depth = 0;
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '"' || c == '\'') {
        int close = i + 1;
        while (true) {
          close = s.indexOf(c, close);
          if (close < 0) {
            throw new ScpiErrorException(ScpiError.INVALID_STRING_DATA.withDetail("unterminated"));
          }
          if (close + 1 < s.length() && s.charAt(close + 1) == c) {
            close += 2; // a doubled quote inside the string
          } else {
            break;
          }
        }
        i = close + 1;
      } else if (c == '#' && i + 1 < s.length() && Character.isDigit(s.charAt(i + 1))) {
        i = blockEnd(s, i);
      } else {
        if (c == '(') {
          depth++;
        } else if (c == ')') {
          depth = Math.max(0, depth - 1);
        } else if (c == separator && depth == 0) {
          parts.add(s.substring(start, i));
          start = i + 1;
        }
        i++;
      }
    }
    parts.add(s.substring(start));
    return parts;
  }

  /** The index after an arbitrary block starting at {@code at} ({@code #0} runs to the end). */
  static int blockEnd(String s, int at) throws ScpiErrorException {
    int digits = s.charAt(at + 1) - '0';
    if (digits == 0) {
      return s.length();
    }
    int lengthEnd = at + 2 + digits;
    if (lengthEnd > s.length()
        || !s.substring(at + 2, lengthEnd).chars().allMatch(Character::isDigit)) {
      throw new ScpiErrorException(ScpiError.INVALID_BLOCK_DATA.withDetail("bad length"));
    }
    long length = Long.parseLong(s.substring(at + 2, lengthEnd));
    if (lengthEnd + length > s.length()) {
      throw new ScpiErrorException(
          ScpiError.INVALID_BLOCK_DATA.withDetail("shorter than announced"));
    }
    return (int) (lengthEnd + length);
  }
}
