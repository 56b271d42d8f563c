package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** A command and its place in the state machine. */
@XmlType(
    name = "CommandInfo",
    propOrder = {"name", "description", "allowedIn", "targetState", "argument", "runningState"})
public class CommandInfo {
  public String name;
  public String description;
  public List<String> allowedIn;

  /** The state after the command succeeds; absent if it does not change the state. */
  public String targetState;

  public List<ArgumentInfo> argument;

  /**
   * Present for a long-running command: the IM's state while it runs (executeCommand answers at
   * once with a command id; see getCommandStatus).
   */
  public String runningState;
}
