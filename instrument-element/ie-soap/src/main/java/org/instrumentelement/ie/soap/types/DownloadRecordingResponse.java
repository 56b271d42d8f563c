package org.instrumentelement.ie.soap.types;

import jakarta.activation.DataHandler;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlMimeType;
import jakarta.xml.bind.annotation.XmlType;

/**
 * A segment file: an MTOM attachment streamed from the file when the request came as MTOM, inline
 * base64 otherwise (bounded by the segment's size, {@code recording.segmentBytes}).
 */
@XmlType(
    name = "DownloadRecordingResponse",
    propOrder = {"name", "bytes", "data"})
public class DownloadRecordingResponse {
  /** The file name a client should save it as: {@code <recording>-<segment>}. */
  public String name;

  public long bytes;

  /** The HDF5 file. */
  @XmlElement(required = true)
  @XmlMimeType("application/octet-stream")
  public DataHandler data;
}
