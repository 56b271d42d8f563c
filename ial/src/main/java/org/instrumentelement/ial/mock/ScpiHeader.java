package org.instrumentelement.ial.mock;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A SCPI command header pattern in the usual notation: upper-case letters are the short form, the
 * whole node the long form ({@code :TIMebase:SCALe} matches {@code :TIM:SCAL} and {@code
 * timebase:scale}); {@code [..]} marks optional nodes; {@code {ch}} after a node captures a channel
 * number (default 1); a trailing {@code ?} makes it a query.
 */
final class ScpiHeader {
  private static final Pattern NODE = Pattern.compile("(\\*?[A-Za-z][A-Za-z0-9]*)(\\{ch\\})?");

  private final String text;
  private final Pattern regex;
  private final boolean hasChannel;

  private ScpiHeader(String text, Pattern regex, boolean hasChannel) {
    this.text = text;
    this.regex = regex;
    this.hasChannel = hasChannel;
  }

  static ScpiHeader compile(String pattern) {
    String p = pattern.trim();
    if (p.startsWith("[:")) {
      // "[:SOURce]:FREQ" -> "[SOURce:]FREQ", so that "FREQ" alone matches.
      int close = p.indexOf(']');
      p = "[" + p.substring(2, close) + ":]" + p.substring(close + 2);
    } else if (p.startsWith(":")) {
      p = p.substring(1);
    }
    StringBuilder re = new StringBuilder(":?");
    boolean channel = false;
    int i = 0;
    while (i < p.length()) {
      char c = p.charAt(i);
      if (c == '[') {
        re.append("(?:");
        i++;
      } else if (c == ']') {
        re.append(")?");
        i++;
      } else if (c == ':') {
        re.append(':');
        i++;
      } else if (c == '?') {
        re.append("\\?");
        i++;
      } else {
        Matcher m = NODE.matcher(p).region(i, p.length());
        if (!m.lookingAt()) {
          throw new IllegalArgumentException("bad SCPI header pattern: " + pattern);
        }
        String node = m.group(1);
        String shortForm = node.replaceAll("[a-z]", "");
        String longForm = node.toUpperCase(Locale.ROOT);
        re.append("(?:")
            .append(Pattern.quote(longForm))
            .append('|')
            .append(Pattern.quote(shortForm))
            .append(')');
        if (m.group(2) != null) {
          re.append("(\\d*)");
          channel = true;
        }
        i = m.end();
      }
    }
    return new ScpiHeader(
        pattern, Pattern.compile(re.toString(), Pattern.CASE_INSENSITIVE), channel);
  }

  /**
   * Matches a received header.
   *
   * @return the channel number (1 if the pattern has none or it was omitted), or -1 if no match
   */
  int match(String header) {
    Matcher m = regex.matcher(header);
    if (!m.matches()) {
      return -1;
    }
    if (hasChannel && !m.group(1).isEmpty()) {
      return Integer.parseInt(m.group(1));
    }
    return 1;
  }

  /** Whether the header selects a channel ({@code {ch}}). */
  boolean hasChannel() {
    return hasChannel;
  }

  /** The header as written, with {@code {ch}} replaced by {@code channel}. */
  String render(int channel) {
    return text.replace("{ch}", Integer.toString(channel));
  }

  @Override
  public String toString() {
    return text;
  }
}
