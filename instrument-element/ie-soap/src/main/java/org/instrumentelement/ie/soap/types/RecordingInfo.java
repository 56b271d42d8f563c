package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;
import java.util.List;

/** A recording: what it records, who started it, where it stands, and its files. */
@XmlType(
    name = "RecordingInfo",
    propOrder = {
      "recording",
      "state",
      "note",
      "startedBy",
      "startedAt",
      "stoppedAt",
      "stopReason",
      "item",
      "samples",
      "dropped",
      "bytes",
      "href",
      "segment",
      "series"
    })
public class RecordingInfo {
  /** Its name, used in every other recording operation. */
  public String recording;

  /** {@code RECORDING}, {@code COMPLETE} or {@code INTERRUPTED}. */
  public String state;

  public String note;

  public String startedBy;

  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant startedAt;

  /** When it stopped; absent while recording and when interrupted. */
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant stoppedAt;

  /** Why it stopped, in words; absent while recording. */
  public String stopReason;

  public List<RecordedAttribute> item;

  /** Samples taken so far. */
  public long samples;

  /** Samples lost because the recording could not keep up. */
  public long dropped;

  /** Bytes its complete segments take. */
  public long bytes;

  /** Where to download all its segments as one zip file over HTTP, relative to the context. */
  public String href;

  /** Its complete segments, in order (in describeRecording only). */
  public List<SegmentInfo> segment;

  /**
   * The always-on series of the configuration it belongs to ({@code recording.<series>.*}); absent
   * for a recording a client started.
   */
  public String series;
}
