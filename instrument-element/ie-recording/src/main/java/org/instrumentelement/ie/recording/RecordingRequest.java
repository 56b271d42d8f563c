package org.instrumentelement.ie.recording;

import java.time.Duration;
import java.util.List;

/**
 * What to record and when to stop by itself.
 *
 * @param items the attributes, each at most once
 * @param duration stop after this long, or null
 * @param maxSamples stop after this many samples (of all items together), or null
 * @param maxBytes stop before the files would take more than this, or null
 * @param note free text kept with the recording (empty for none)
 * @param user who starts it
 * @param series the configured series it belongs to; empty for a recording a client starts
 */
public record RecordingRequest(
    List<RecordedItem> items,
    Duration duration,
    Long maxSamples,
    Long maxBytes,
    String note,
    String user,
    String series) {

  public RecordingRequest {
    items = List.copyOf(items);
    note = note == null ? "" : note;
    series = series == null ? "" : series;
  }

  /** A recording a client starts (of no series). */
  public RecordingRequest(
      List<RecordedItem> items,
      Duration duration,
      Long maxSamples,
      Long maxBytes,
      String note,
      String user) {
    this(items, duration, maxSamples, maxBytes, note, user, "");
  }
}
