package org.instrumentelement.im.model;

/** How far a value can be trusted. */
public enum Quality {
  /** Read from the instrument without trouble. */
  GOOD,
  /** Read, but possibly stale or approximate (e.g. the last value before a connection loss). */
  UNCERTAIN,
  /** Not a measurement: the instrument failed. */
  BAD
}
