package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: set a parameter (applied to the instrument if linked). */
@XmlType(
    name = "SetParameter",
    propOrder = {"im", "parameter", "value"})
public class SetParameter implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String parameter;

  @XmlElement(required = true)
  public Value value;

  @Override
  public String targetIm() {
    return im;
  }
}
