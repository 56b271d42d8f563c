package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The recording as it stands after StartRecording. */
@XmlType(
    name = "StartRecordingResponse",
    propOrder = {"recording"})
public class StartRecordingResponse {
  @XmlElement(required = true)
  public RecordingInfo recording;
}
