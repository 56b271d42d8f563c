package org.instrumentelement.ial.scpi.device;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A command header as the manuals write it, from which every accepted spelling follows: upper case
 * is the short form ({@code :TIMebase:SCALe} accepts {@code :TIM:SCAL}, {@code timebase:scale},
 * {@code TIM:SCALE}); {@code [:NODE]} is an optional node ({@code [:SENSe]:VOLTage[:DC]:RANGe});
 * {@code {ch}} after a node takes a numeric suffix 1..channels that selects a channel, {@code
 * {1-8}} a suffix in that range, and a node written with a number ({@code SOURce1}) takes exactly
 * that suffix; a leading {@code :} is optional when sent, and a trailing {@code ?} makes a query.
 */
public final class HeaderPattern {
  private static final Pattern NODE =
      Pattern.compile(
          "(\\*?[A-Za-z][A-Za-z_]*[A-Za-z_]|\\*?[A-Za-z])(\\d*)(\\{(ch|\\d+-\\d+)\\})?");

  /** One node of the pattern. */
  private record Node(
      String shortName,
      String longName,
      boolean optional,
      int minSuffix,
      int maxSuffix,
      boolean channel) {

    boolean takesSuffix() {
      return minSuffix > 0;
    }

    String render(boolean longForm, int channel) {
      String name = longForm ? longName : shortName;
      if (this.channel) {
        return name + channel;
      }
      return minSuffix > 0 && minSuffix == maxSuffix ? name + minSuffix : name;
    }
  }

  private final String text;
  private final boolean common;
  private final boolean query;
  private final List<Node> nodes;
  private final boolean prefixes;

  private HeaderPattern(
      String text, boolean common, boolean query, List<Node> nodes, boolean prefixes) {
    this.text = text;
    this.common = common;
    this.query = query;
    this.nodes = nodes;
    this.prefixes = prefixes;
  }

  /**
   * Compiles a header pattern whose mnemonics are taken in their short or long form, as SCPI-99
   * says.
   *
   * @param channels how many channels {@code {ch}} ranges over
   * @throws IllegalArgumentException if the pattern is not in the notation above
   */
  public static HeaderPattern compile(String pattern, int channels) {
    return compile(pattern, channels, false);
  }

  /**
   * Compiles a header pattern.
   *
   * @param channels how many channels {@code {ch}} ranges over
   * @param prefixes whether a mnemonic is also taken in any longer prefix of its long form, as
   *     Tektronix scopes take {@code DATA:SOUR} for {@code DATa:SOUrce}
   * @throws IllegalArgumentException if the pattern is not in the notation above
   */
  public static HeaderPattern compile(String pattern, int channels, boolean prefixes) {
    String p = pattern.trim();
    boolean query = p.endsWith("?");
    if (query) {
      p = p.substring(0, p.length() - 1);
    }
    boolean common = p.startsWith("*");
    List<Node> nodes = new ArrayList<>();
    int i = 0;
    while (i < p.length()) {
      boolean optional = false;
      if (p.charAt(i) == '[') {
        optional = true;
        i++;
      }
      if (i < p.length() && p.charAt(i) == ':') {
        i++;
      }
      Matcher m = NODE.matcher(p).region(i, p.length());
      if (!m.lookingAt()) {
        throw new IllegalArgumentException("bad SCPI header pattern '" + pattern + "'");
      }
      String name = m.group(1);
      StringBuilder shortName = new StringBuilder();
      for (char c : name.toCharArray()) {
        if (!Character.isLowerCase(c)) {
          shortName.append(c);
        }
      }
      int min = 0;
      int max = 0;
      boolean channel = false;
      if (!m.group(2).isEmpty() && m.group(3) != null) {
        throw new IllegalArgumentException("'" + pattern + "': a fixed suffix or {..}, not both");
      } else if (!m.group(2).isEmpty()) {
        min = Integer.parseInt(m.group(2));
        max = min;
      } else if ("ch".equals(m.group(4))) {
        min = 1;
        max = channels;
        channel = true;
      } else if (m.group(4) != null) {
        String[] range = m.group(4).split("-");
        min = Integer.parseInt(range[0]);
        max = Integer.parseInt(range[1]);
      }
      nodes.add(
          new Node(
              shortName.toString().toUpperCase(Locale.ROOT),
              name.toUpperCase(Locale.ROOT),
              optional,
              min,
              max,
              channel));
      i = m.end();
      if (optional) {
        if (i >= p.length() || p.charAt(i) != ']') {
          throw new IllegalArgumentException("'" + pattern + "': one node per [...]");
        }
        i++;
      }
      if (i < p.length() && p.charAt(i) != ':' && p.charAt(i) != '[') {
        throw new IllegalArgumentException("bad SCPI header pattern '" + pattern + "'");
      }
    }
    if (nodes.isEmpty() || nodes.stream().allMatch(Node::optional)) {
      throw new IllegalArgumentException("'" + pattern + "' has no required node");
    }
    return new HeaderPattern(pattern.trim(), common, query, List.copyOf(nodes), prefixes);
  }

  /** The outcome of matching a received header. */
  public enum Outcome {
    MATCH,
    /** The mnemonics fit but a numeric suffix is out of range (-114). */
    SUFFIX_OUT_OF_RANGE,
    NO_MATCH
  }

  /**
   * Matches a received header.
   *
   * @param channelOut receives the {@code {ch}} suffix in element 0 (1 if left out or if none)
   */
  public Outcome match(ProgramHeader header, int[] channelOut) {
    if (header.common() != common || header.query() != query) {
      return Outcome.NO_MATCH;
    }
    boolean[] suffixFault = new boolean[1];
    channelOut[0] = 1;
    if (match(0, header.nodes(), 0, channelOut, suffixFault)) {
      return Outcome.MATCH;
    }
    return suffixFault[0] ? Outcome.SUFFIX_OUT_OF_RANGE : Outcome.NO_MATCH;
  }

  private boolean match(
      int pi, List<HeaderNode> received, int ri, int[] channelOut, boolean[] suffixFault) {
    if (pi == nodes.size()) {
      return ri == received.size();
    }
    Node n = nodes.get(pi);
    if (ri < received.size()) {
      HeaderNode r = received.get(ri);
      if (Keyword.sameWord(r.name(), n.shortName, n.longName, prefixes)) {
        int suffix = r.suffix();
        boolean suffixOk;
        if (!n.takesSuffix()) {
          suffixOk = suffix == HeaderNode.NO_SUFFIX;
          suffixFault[0] |= !suffixOk;
        } else {
          int s = suffix == HeaderNode.NO_SUFFIX ? 1 : suffix;
          suffixOk = s >= n.minSuffix && s <= n.maxSuffix;
          suffixFault[0] |= !suffixOk;
          if (suffixOk && n.channel) {
            int previous = channelOut[0];
            channelOut[0] = s;
            if (match(pi + 1, received, ri + 1, channelOut, suffixFault)) {
              return true;
            }
            channelOut[0] = previous;
            suffixOk = false; // tried
          }
        }
        if (suffixOk && match(pi + 1, received, ri + 1, channelOut, suffixFault)) {
          return true;
        }
      }
    }
    return n.optional && match(pi + 1, received, ri, channelOut, suffixFault);
  }

  /** Whether the header is a query. */
  public boolean isQuery() {
    return query;
  }

  /** Whether a {@code {ch}} suffix selects a channel. */
  public boolean hasChannel() {
    return nodes.stream().anyMatch(Node::channel);
  }

  /**
   * The header spelled out: every node, optional ones included, in long or short form, with {@code
   * channel} as the {@code {ch}} suffix. Sent to a device, it matches this pattern.
   */
  public String render(boolean longForm, int channel) {
    StringBuilder out = new StringBuilder();
    for (Node n : nodes) {
      if (!common) {
        out.append(':');
      }
      out.append(n.render(longForm, channel));
    }
    return out.append(query ? "?" : "").toString();
  }

  /** The header with only the required nodes, in short form: the least a client must send. */
  public String renderShortest(int channel) {
    StringBuilder out = new StringBuilder();
    for (Node n : nodes) {
      if (!n.optional) {
        out.append(common ? "" : ":").append(n.render(false, channel));
      }
    }
    return out.append(query ? "?" : "").toString();
  }

  /** As declared. */
  @Override
  public String toString() {
    return text;
  }
}
