package org.instrumentelement.ie.security;

import java.util.Locale;

/** What a user may do on an IM subtree; each role includes the ones before it. */
public enum Role {
  /** Read, describe, subscribe. */
  OBSERVE,
  /** Also set parameters and attributes, execute commands, reserve. */
  CONTROL,
  /** Also break others' reservations and change sampling configuration. */
  ADMIN;

  /** Whether holding this role allows what {@code needed} allows. */
  public boolean includes(Role needed) {
    return compareTo(needed) >= 0;
  }

  public static Role of(String name) {
    return valueOf(name.trim().toUpperCase(Locale.ROOT));
  }
}
