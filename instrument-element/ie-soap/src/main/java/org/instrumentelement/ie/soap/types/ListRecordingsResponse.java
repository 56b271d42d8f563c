package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** The recordings the caller may read, newest first, without their segments. */
@XmlType(
    name = "ListRecordingsResponse",
    propOrder = {"recording", "usedBytes", "quotaBytes"})
public class ListRecordingsResponse {
  public List<RecordingInfo> recording;

  /** Bytes all recordings take (and hold for writing). */
  public long usedBytes;

  /** The recordings directory's quota ({@code recording.quota}). */
  public long quotaBytes;
}
