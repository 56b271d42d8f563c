package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: the status of one run of a long-running command. */
@XmlType(
    name = "GetCommandStatus",
    propOrder = {"im", "commandId", "encoding"})
public class GetCommandStatus implements ImRequest {
  /** The IM's path (the one the command runs on). */
  @XmlElement(required = true)
  public String im;

  /** The id executeCommand answered. */
  @XmlElement(required = true)
  public String commandId;

  /** How vector results are encoded; XML if absent. */
  public VectorEncoding encoding;

  @Override
  public String targetIm() {
    return im;
  }
}
