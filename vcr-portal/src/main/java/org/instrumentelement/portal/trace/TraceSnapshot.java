package org.instrumentelement.portal.trace;

import java.time.Instant;

/**
 * A feed as it was at one moment, taken under the feed's lock so that every frame built from it
 * (whatever its width or format) shows the same value and the same counters. Immutable: the vector
 * is the feed's own array, which the feed replaces but never changes.
 *
 * @param version increases with every change of the feed; frames of one version are equal
 * @param values the vector, or null for a scalar, a text or no value yet
 * @param scalar the value of a number attribute, or null
 * @param text the value of a text attribute, or null
 * @param codes the vector as the instrument's codes, when it came so (its values are then {@code
 *     code * scale + offset}), else null
 * @param acquiredMicros when the instrument produced the value, microseconds since the epoch (0: no
 *     value yet)
 */
record TraceSnapshot(
    TraceFeed.Key key,
    long version,
    String status,
    long seq,
    long gaps,
    long missed,
    long restarts,
    double rate,
    String units,
    String quality,
    long acquiredMicros,
    double[] values,
    Double scalar,
    String text,
    double x0,
    double dx,
    String xUnits,
    TraceCodes codes) {

  /** Whether there is a vector to draw. */
  boolean vector() {
    return values != null;
  }

  /** The acquisition time as an instant, or null before the first value. */
  Instant acquired() {
    return acquiredMicros == 0
        ? null
        : Instant.ofEpochSecond(
            Math.floorDiv(acquiredMicros, 1_000_000L),
            Math.floorMod(acquiredMicros, 1_000_000L) * 1000);
  }
}
