package org.instrumentelement.ie.history;

/**
 * A span of time in which a series has no samples for a known reason: the archive says so instead
 * of letting a trend draw a line across it.
 *
 * @param fromMicros when it began (microseconds since the epoch)
 * @param toMicros when it ended, or {@link Long#MAX_VALUE} while it lasts
 */
public record Gap(long fromMicros, long toMicros, Reason reason) {
  /** Why nothing was archived. */
  public enum Reason {
    /** The IE was not running. */
    IE_DOWN,
    /** The IM was not linked to its instrument. */
    NOT_LINKED,
    /** Sampling of the attribute was switched off. */
    SAMPLING_OFF,
    /** Archiving stopped: the disk was full. */
    ARCHIVE_STOPPED,
    /** What was archived here could not be read back (a damaged segment, set aside). */
    DATA_LOST
  }

  /** Whether it lasts. */
  public boolean open() {
    return toMicros == Long.MAX_VALUE;
  }

  /** Whether it overlaps {@code [from, to]}. */
  boolean overlaps(long from, long to) {
    return fromMicros <= to && toMicros >= from;
  }
}
