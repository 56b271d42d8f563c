package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** What deleting a recording freed. */
@XmlType(
    name = "DeleteRecordingResponse",
    propOrder = {"deleted", "bytes"})
public class DeleteRecordingResponse {
  public boolean deleted;

  /** Bytes its files took. */
  public long bytes;
}
