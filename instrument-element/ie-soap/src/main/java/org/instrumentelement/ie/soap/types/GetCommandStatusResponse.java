package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The status now. */
@XmlType(
    name = "GetCommandStatusResponse",
    propOrder = {"status"})
public class GetCommandStatusResponse {
  @XmlElement(required = true)
  public CommandStatusInfo status;
}
