package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/**
 * Request: run a command; arguments are values named by their name attribute. A long-running
 * command answers at once (or after {@code waitSeconds}) with its status.
 */
@XmlType(
    name = "ExecuteCommand",
    propOrder = {"im", "command", "argument", "waitSeconds"})
public class ExecuteCommand implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String command;

  public List<Value> argument;

  /**
   * For a long-running command: how long to wait for it to end before answering (capped by {@code
   * commands.maxWait}); absent or 0: answer at once, the command RUNNING. Ordinary commands always
   * run to their end within the call.
   */
  public Double waitSeconds;

  @Override
  public String targetIm() {
    return im;
  }
}
