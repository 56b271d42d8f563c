package org.instrumentelement.im.alarm;

import java.time.Instant;

/**
 * An alarm raised, changed or cleared.
 *
 * @param im the IM's path
 * @param name the alarm's name within its IM: the attribute ({@code peakToPeak}), the attribute and
 *     statistic ({@code waveform.max}), {@code <attribute>.sampling} for failing samples, {@code
 *     state} for an IM in ERROR, {@code nodes.<node>} for a silent node of a sensor network
 * @param kind what raised it
 * @param severity NONE when it is cleared
 * @param attribute the attribute, or null for an IM's or a node's alarm
 * @param value the number that crossed the limit (NaN for other kinds)
 * @param limit the limit crossed, or null
 * @param limitValue that limit's value, or null
 * @param message what happened, in a line
 * @param time when
 */
public record AlarmChange(
    String im,
    String name,
    AlarmKind kind,
    Severity severity,
    String attribute,
    double value,
    LimitKind limit,
    Double limitValue,
    String message,
    Instant time) {

  /** Whether this clears the alarm. */
  public boolean cleared() {
    return severity == Severity.NONE;
  }
}
