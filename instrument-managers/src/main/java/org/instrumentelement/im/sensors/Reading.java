package org.instrumentelement.im.sensors;

/**
 * One message of a node, parsed: its values and, if the node sends them, its sequence number and
 * its own time.
 *
 * @param values one or more finite numbers; the array is handed over and never changed
 * @param sequence the node's message number, counted from 0 after each start, or {@link #NONE}
 * @param timeMillis when the node measured, ms since the Unix epoch, or {@link #NONE}
 */
public record Reading(double[] values, long sequence, long timeMillis) {
  /** No sequence number, or no time. */
  public static final long NONE = -1;

  public boolean hasSequence() {
    return sequence != NONE;
  }

  public boolean hasTime() {
    return timeMillis != NONE;
  }
}
