package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/**
 * The IM's state after the command, and its result if it has one. A long-running command adds its
 * id and status (then {@code result} is there only if it ended within the wait).
 */
@XmlType(
    name = "ExecuteCommandResponse",
    propOrder = {"state", "result", "commandId", "status"})
public class ExecuteCommandResponse {
  @XmlElement(required = true)
  public String state;

  public Value result;

  /** A long-running command's id, for getCommandStatus and cancelCommand; absent otherwise. */
  public String commandId;

  /** A long-running command's status when the call answered; absent otherwise. */
  public CommandStatusInfo status;
}
