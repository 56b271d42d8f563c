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
 */
public record RecordingRequest(
    List<RecordedItem> items,
    Duration duration,
    Long maxSamples,
    Long maxBytes,
    String note,
    String user) {

  public RecordingRequest {
    items = List.copyOf(items);
    note = note == null ? "" : note;
  }
}
