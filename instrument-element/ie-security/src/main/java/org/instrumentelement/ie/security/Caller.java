package org.instrumentelement.ie.security;

/**
 * Who makes a request. With access control disabled every caller is {@link #UNRESTRICTED}.
 *
 * @param user the authenticated user, or null for the unrestricted caller
 */
public record Caller(String name, User user) {
  /** The caller when access control is disabled: may do everything. */
  public static final Caller UNRESTRICTED = new Caller("anonymous", null);

  /** A caller with no rights, for when nobody authenticated (fail closed). */
  public static final Caller NOBODY =
      new Caller("nobody", new User("nobody", "", java.util.List.of()));

  /** Whether the caller holds {@code role} on the IM at {@code path}. */
  public boolean may(Role role, String path) {
    return user == null || user.may(role, path);
  }

  /**
   * Whether the caller holds {@code role} on every one of these IMs. None at all is no: a thing
   * that names no IM (a recording whose index lost its items) belongs to nobody, and is not shown
   * to anyone rather than to everyone.
   */
  public boolean mayAll(Role role, java.util.Collection<String> paths) {
    return !paths.isEmpty() && paths.stream().allMatch(p -> may(role, p));
  }

  /** Whether the caller holds {@code role} on some IM. */
  public boolean mayAnywhere(Role role) {
    return user == null || user.mayAnywhere(role);
  }
}
