package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: delete a stopped recording and its files. */
@XmlType(
    name = "DeleteRecording",
    propOrder = {"recording"})
public class DeleteRecording {
  @XmlElement(required = true)
  public String recording;
}
