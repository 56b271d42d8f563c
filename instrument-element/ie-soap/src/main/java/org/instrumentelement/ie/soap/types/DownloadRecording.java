package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: one complete segment file of a recording, as an attachment. */
@XmlType(
    name = "DownloadRecording",
    propOrder = {"recording", "segment"})
public class DownloadRecording {
  @XmlElement(required = true)
  public String recording;

  /** The segment's file name, as describeRecording lists it. */
  @XmlElement(required = true)
  public String segment;
}
