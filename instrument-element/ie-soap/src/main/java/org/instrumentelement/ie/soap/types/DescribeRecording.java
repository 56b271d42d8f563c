package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: one recording with its segments. */
@XmlType(
    name = "DescribeRecording",
    propOrder = {"recording"})
public class DescribeRecording {
  @XmlElement(required = true)
  public String recording;
}
