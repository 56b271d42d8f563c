package org.instrumentelement.im.descriptor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.instrumentelement.im.model.ImException;

/**
 * A SCPI command or query with placeholders, {@code :CHANnel{channel}:SCALe {value}}: {@code
 * {value}} is the value being set, any other name a parameter or command argument. Values reach the
 * text only through a formatter that refuses anything that is not a plain SCPI token or number, so
 * a value can never end the command or start another.
 */
final class ScpiTemplate {
  private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9_]*");

  /** Formats the value of a name for SCPI, refusing unsafe text. */
  @FunctionalInterface
  interface Values {
    String scpi(String name) throws ImException;
  }

  private final String text;
  private final List<Object> parts; // String literals and Placeholder names
  private final Set<String> names;

  private record Placeholder(String name) {}

  private ScpiTemplate(String text, List<Object> parts, Set<String> names) {
    this.text = text;
    this.parts = parts;
    this.names = Collections.unmodifiableSet(names);
  }

  /**
   * Compiles a template.
   *
   * @throws IllegalArgumentException if braces do not pair, a name is not one, or the text holds
   *     control characters (a template must be one program message)
   */
  static ScpiTemplate compile(String text) {
    for (int i = 0; i < text.length(); i++) {
      if (Character.isISOControl(text.charAt(i))) {
        throw new IllegalArgumentException("control character in SCPI template '" + text + "'");
      }
    }
    List<Object> parts = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    int at = 0;
    while (at < text.length()) {
      int open = text.indexOf('{', at);
      if (open < 0) {
        parts.add(text.substring(at));
        break;
      }
      int close = text.indexOf('}', open);
      if (close < 0) {
        throw new IllegalArgumentException("'{' without '}' in SCPI template '" + text + "'");
      }
      if (open > at) {
        parts.add(text.substring(at, open));
      }
      String name = text.substring(open + 1, close).trim();
      if (!NAME.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "'{" + name + "}' in SCPI template '" + text + "' is not a name");
      }
      parts.add(new Placeholder(name));
      names.add(name);
      at = close + 1;
    }
    for (Object part : parts) {
      if (part instanceof String literal && literal.indexOf('}') >= 0) {
        throw new IllegalArgumentException("'}' without '{' in SCPI template '" + text + "'");
      }
    }
    return new ScpiTemplate(text.trim(), List.copyOf(parts), names);
  }

  /** The names of its placeholders. */
  Set<String> names() {
    return names;
  }

  /**
   * The command with every placeholder replaced.
   *
   * @throws ImException INVALID_VALUE if a value cannot be sent as SCPI
   */
  String render(Values values) throws ImException {
    StringBuilder out = new StringBuilder();
    for (Object part : parts) {
      out.append(part instanceof Placeholder p ? values.scpi(p.name()) : (String) part);
    }
    return out.toString().trim();
  }

  /**
   * The literal text written next to {@code {value}} within its argument, e.g. {@code CHAN} in
   * {@code :WAVeform:SOURce CHAN{value}}: an instrument answers the query in the same form ({@code
   * CHAN2}), so a read-back reply is stripped of it. Empty strings where there is none.
   */
  String[] valueAffixes() {
    for (int i = 0; i < parts.size(); i++) {
      if (parts.get(i) instanceof Placeholder p && p.name().equals("value")) {
        String before = i > 0 && parts.get(i - 1) instanceof String l ? l : "";
        String after = i + 1 < parts.size() && parts.get(i + 1) instanceof String l ? l : "";
        int start = before.length();
        while (start > 0 && !isSeparator(before.charAt(start - 1))) {
          start--;
        }
        int end = 0;
        while (end < after.length() && !isSeparator(after.charAt(end))) {
          end++;
        }
        return new String[] {before.substring(start), after.substring(0, end)};
      }
    }
    return new String[] {"", ""};
  }

  private static boolean isSeparator(char c) {
    return Character.isWhitespace(c) || c == ',' || c == ';';
  }

  @Override
  public String toString() {
    return text;
  }
}
