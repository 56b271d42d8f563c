package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The IM's state, and why it is in ERROR if it is. */
@XmlType(
    name = "GetStateResponse",
    propOrder = {"state", "lastError"})
public class GetStateResponse {
  @XmlElement(required = true)
  public String state;

  public String lastError;
}
