package org.instrumentelement.ie.recording;

import java.time.Instant;
import java.util.List;

/**
 * A recording as clients see it: what it records, who started it, where it stands, and its complete
 * segments.
 *
 * @param id its name, unique in the recordings directory
 * @param stoppedAt null while recording (and when interrupted)
 * @param stopReason why it stopped, in the IE's words; empty while recording
 * @param samples samples written or waiting to be written
 * @param dropped samples the recording could not keep up with (the queue was full)
 * @param segments the complete segment files, in order
 * @param series the configured series it belongs to ({@code recording.<series>.*}); empty for a
 *     recording started by a client
 */
public record StoredRecording(
    String id,
    RecordingState state,
    String note,
    String startedBy,
    Instant startedAt,
    Instant stoppedAt,
    String stopReason,
    List<RecordedItem> items,
    long samples,
    long dropped,
    List<SegmentFile> segments,
    String series) {

  public StoredRecording {
    items = List.copyOf(items);
    segments = List.copyOf(segments);
    series = series == null ? "" : series;
  }

  /** Bytes its segments take on disk. */
  public long bytes() {
    return segments.stream().mapToLong(SegmentFile::bytes).sum();
  }

  /** The IM paths it records, each once. */
  public List<String> ims() {
    return items.stream().map(RecordedItem::im).distinct().toList();
  }
}
