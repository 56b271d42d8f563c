package org.instrumentelement.ie.recording;

/** Where a recording is in its life. */
public enum RecordingState {
  /** Being written now. */
  RECORDING,
  /** Stopped (by a user, a limit, or the IE stopping); every sample taken is in its segments. */
  COMPLETE,
  /**
   * The IE ended without closing it (a crash, a kill, a power cut): its complete segments are
   * readable; the segment being filled then (and one being written) is lost.
   */
  INTERRUPTED
}
