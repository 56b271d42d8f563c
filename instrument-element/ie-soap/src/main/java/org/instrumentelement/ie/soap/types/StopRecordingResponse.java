package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The recording as it stands after StopRecording. */
@XmlType(
    name = "StopRecordingResponse",
    propOrder = {"recording"})
public class StopRecordingResponse {
  @XmlElement(required = true)
  public RecordingInfo recording;
}
