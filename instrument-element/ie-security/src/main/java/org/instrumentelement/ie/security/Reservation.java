package org.instrumentelement.ie.security;

import java.time.Instant;

/** A user's exclusive right to control an IM subtree until {@code expires}. */
public record Reservation(String subtree, String holder, Instant acquired, Instant expires) {

  /** Whether this reservation covers {@code path}, or {@code path} covers it. */
  boolean overlaps(String path) {
    return Grant.covers(subtree, path) || Grant.covers(path, subtree);
  }
}
