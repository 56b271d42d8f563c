package org.instrumentelement.ie.security;

import java.util.List;

/**
 * A user with a hashed password (null for one who logs in only with a client certificate), the
 * roles granted on IM subtrees, and the sensor nodes it publishes as (a node's own account).
 */
public record User(String name, String passwordHash, List<Grant> grants, List<NodeAccount> nodes) {
  public User {
    grants = List.copyOf(grants);
    nodes = List.copyOf(nodes);
  }

  /** A user that is no sensor node. */
  public User(String name, String passwordHash, List<Grant> grants) {
    this(name, passwordHash, grants, List.of());
  }

  /** Whether the user holds {@code role} (or a higher one) on the IM at {@code path}. */
  public boolean may(Role role, String path) {
    for (Grant g : grants) {
      if (g.role().includes(role) && g.covers(path)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the user holds {@code role} on some IM. */
  public boolean mayAnywhere(Role role) {
    return grants.stream().anyMatch(g -> g.role().includes(role));
  }
}
