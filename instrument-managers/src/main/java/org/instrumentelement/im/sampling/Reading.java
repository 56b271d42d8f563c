package org.instrumentelement.im.sampling;

import org.instrumentelement.im.model.Value;

/**
 * A value read from an instrument, with when the read began on this JVM's monotonic clock: how old
 * a value is, for a client that accepts one read a moment ago instead of a new read.
 *
 * @param startedNanos {@link System#nanoTime()} just before the read was sent, so that the age
 *     never comes out younger than the value
 * @param provenance the IM's provenance revision just before the read was sent; 0 for none
 */
public record Reading(Value value, long startedNanos, long provenance) {

  /** A reading with no provenance revision. */
  public Reading(Value value, long startedNanos) {
    this(value, startedNanos, 0);
  }
}
