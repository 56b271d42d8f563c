package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** Request: run a command; arguments are values named by their name attribute. */
@XmlType(
    name = "ExecuteCommand",
    propOrder = {"im", "command", "argument"})
public class ExecuteCommand implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String command;

  public List<Value> argument;

  @Override
  public String targetIm() {
    return im;
  }
}
