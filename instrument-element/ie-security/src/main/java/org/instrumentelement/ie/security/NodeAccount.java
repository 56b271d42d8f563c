package org.instrumentelement.ie.security;

/**
 * What a sensor node's broker account may do: publish to its own topic of one sensor network,
 * {@code <prefix>.<ie>.<IM path>.nodes.<node>}, and nothing else (no reading, not even its own).
 * Written {@code <IM path>:<node>} in the users file ({@code user.<name>.node}).
 */
public record NodeAccount(String imPath, String node) {

  /** Parses {@code lab/sensors:n17}. */
  public static NodeAccount parse(String text) {
    String t = text.trim();
    int colon = t.lastIndexOf(':');
    String path = colon < 0 ? "" : t.substring(0, colon).trim();
    String node = colon < 0 ? "" : t.substring(colon + 1).trim();
    if (!path.matches("[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*") || !node.matches("[A-Za-z0-9_]{1,64}")) {
      throw new IllegalArgumentException(
          "a node is <IM path>:<node name> (e.g. lab/sensors:n17; a node name has letters, digits"
              + " or _), not '"
              + t
              + "'");
    }
    return new NodeAccount(path, node);
  }

  @Override
  public String toString() {
    return imPath + ":" + node;
  }
}
