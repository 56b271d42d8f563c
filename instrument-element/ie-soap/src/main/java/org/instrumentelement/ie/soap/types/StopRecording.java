package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: stop one recording; it writes what it took first. */
@XmlType(
    name = "StopRecording",
    propOrder = {"recording"})
public class StopRecording {
  @XmlElement(required = true)
  public String recording;
}
