package org.instrumentelement.im.model;

/**
 * How far a value can be trusted, and whether it is beyond an alarm limit. WARNING and ALARM are a
 * good reading that is outside a warning or alarm limit of its attribute (see {@code
 * org.instrumentelement.im.alarm}); a value without limits is GOOD.
 */
public enum Quality {
  /** Read from the instrument without trouble, inside its limits. */
  GOOD,
  /** Read without trouble, beyond a warning limit of its attribute. */
  WARNING,
  /** Read without trouble, beyond an alarm limit of its attribute. */
  ALARM,
  /** Read, but possibly stale or approximate (e.g. the last value before a connection loss). */
  UNCERTAIN,
  /** Not a measurement: the instrument failed. */
  BAD
}
