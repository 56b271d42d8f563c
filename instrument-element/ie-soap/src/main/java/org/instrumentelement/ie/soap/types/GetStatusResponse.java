package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The health and figures of the Instrument Element. */
@XmlType(
    name = "GetStatusResponse",
    propOrder = {"status"})
public class GetStatusResponse {
  @XmlElement(required = true)
  public StatusInfo status;
}
