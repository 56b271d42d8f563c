package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/**
 * The status once the cancel was asked for (RUNNING until the command reaches its next step; an
 * ended command is unchanged).
 */
@XmlType(
    name = "CancelCommandResponse",
    propOrder = {"status"})
public class CancelCommandResponse {
  @XmlElement(required = true)
  public CommandStatusInfo status;
}
