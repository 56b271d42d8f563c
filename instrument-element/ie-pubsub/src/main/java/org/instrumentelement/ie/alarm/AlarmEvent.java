package org.instrumentelement.ie.alarm;

import java.time.Instant;
import java.util.List;

/**
 * Something that happened to the alarms, with every alarm active after it.
 *
 * @param type what happened
 * @param alarm the alarm it happened to (as it was when cleared), or null for a SNAPSHOT
 * @param message what happened, in a line (the reason a CLEARED alarm cleared)
 * @param active every active alarm after the event, oldest first
 */
public record AlarmEvent(Type type, Alarm alarm, String message, Instant time, List<Alarm> active) {

  /** What happened. */
  public enum Type {
    /** An alarm was raised, or became more or less severe. */
    RAISED,
    /** An alarm's condition ended. */
    CLEARED,
    /** Someone acknowledged an alarm. */
    ACKNOWLEDGED,
    /** No change: the active alarms as they are (published when the IE starts). */
    SNAPSHOT
  }

  public AlarmEvent {
    active = List.copyOf(active);
  }
}
