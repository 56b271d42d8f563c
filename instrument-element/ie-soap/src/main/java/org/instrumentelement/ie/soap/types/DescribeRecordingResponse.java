package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The recording as it stands after DescribeRecording. */
@XmlType(
    name = "DescribeRecordingResponse",
    propOrder = {"recording"})
public class DescribeRecordingResponse {
  @XmlElement(required = true)
  public RecordingInfo recording;
}
