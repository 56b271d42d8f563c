package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: stop a long-running command at its next step. */
@XmlType(
    name = "CancelCommand",
    propOrder = {"im", "commandId"})
public class CancelCommand implements ImRequest {
  /** The IM's path (the one the command runs on). */
  @XmlElement(required = true)
  public String im;

  /** The id executeCommand answered. */
  @XmlElement(required = true)
  public String commandId;

  @Override
  public String targetIm() {
    return im;
  }
}
