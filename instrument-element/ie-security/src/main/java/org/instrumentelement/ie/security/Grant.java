package org.instrumentelement.ie.security;

/**
 * A role on an IM subtree: {@code control:lab/scope} covers {@code lab/scope} and everything below
 * it; the subtree {@code *} covers every IM.
 */
public record Grant(Role role, String subtree) {
  public static final String EVERYTHING = "*";

  /** Parses {@code role:subtree}. */
  public static Grant parse(String text) {
    String t = text.trim();
    int colon = t.indexOf(':');
    if (colon <= 0 || colon == t.length() - 1) {
      throw new IllegalArgumentException(
          "a grant is role:subtree (e.g. control:lab/scope), not '" + t + "'");
    }
    String subtree = t.substring(colon + 1).trim();
    if (!subtree.equals(EVERYTHING) && !subtree.matches("[A-Za-z0-9_-]+(/[A-Za-z0-9_-]+)*")) {
      throw new IllegalArgumentException("'" + subtree + "' is not an IM path or *");
    }
    return new Grant(Role.of(t.substring(0, colon)), subtree);
  }

  /** Whether this grant applies to the IM at {@code path}. */
  public boolean covers(String path) {
    return covers(subtree, path);
  }

  /** Whether {@code subtree} is {@code path} or above it (or everything). */
  static boolean covers(String subtree, String path) {
    return subtree.equals(EVERYTHING) || path.equals(subtree) || path.startsWith(subtree + "/");
  }

  @Override
  public String toString() {
    return role.name().toLowerCase(java.util.Locale.ROOT) + ":" + subtree;
  }
}
