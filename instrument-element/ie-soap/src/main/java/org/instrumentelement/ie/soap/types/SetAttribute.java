package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: write a writable attribute to the instrument. */
@XmlType(
    name = "SetAttribute",
    propOrder = {"im", "attribute", "value"})
public class SetAttribute implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String attribute;

  @XmlElement(required = true)
  public Value value;

  @Override
  public String targetIm() {
    return im;
  }
}
