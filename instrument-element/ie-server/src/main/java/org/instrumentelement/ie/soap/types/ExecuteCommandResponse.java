package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The IM's state after the command, and its result if it has one. */
@XmlType(
    name = "ExecuteCommandResponse",
    propOrder = {"state", "result"})
public class ExecuteCommandResponse {
  @XmlElement(required = true)
  public String state;

  public Value result;
}
