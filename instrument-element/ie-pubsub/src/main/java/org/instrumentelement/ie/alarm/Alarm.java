package org.instrumentelement.ie.alarm;

import java.time.Instant;
import org.instrumentelement.im.alarm.AlarmKind;
import org.instrumentelement.im.alarm.LimitKind;
import org.instrumentelement.im.alarm.Severity;

/**
 * An active alarm.
 *
 * @param id {@code <IM path>#<name>}, stable for as long as the condition lasts and the same the
 *     next time it arises: what {@code acknowledgeAlarm} takes
 * @param name within its IM: {@code peakToPeak}, {@code waveform.max}, {@code waveform.sampling},
 *     {@code state}
 * @param attribute the attribute, or null for an alarm of the IM itself
 * @param value the number beyond the limit (NaN when none)
 * @param limit the limit crossed, or null
 * @param limitValue that limit's value, or null
 * @param raised when it was raised (or last became more or less severe)
 * @param acknowledgedBy who acknowledged it, or null
 * @param acknowledged when, or null
 */
public record Alarm(
    String id,
    String im,
    String name,
    AlarmKind kind,
    Severity severity,
    String attribute,
    double value,
    LimitKind limit,
    Double limitValue,
    String message,
    Instant raised,
    String acknowledgedBy,
    Instant acknowledged) {

  /** The id of an alarm. */
  public static String id(String im, String name) {
    return im + "#" + name;
  }

  /** This alarm acknowledged by {@code user} at {@code at}. */
  public Alarm acknowledge(String user, Instant at) {
    return new Alarm(
        id,
        im,
        name,
        kind,
        severity,
        attribute,
        value,
        limit,
        limitValue,
        message,
        raised,
        user,
        at);
  }

  /** Whether someone has acknowledged it. */
  public boolean isAcknowledged() {
    return acknowledgedBy != null;
  }
}
