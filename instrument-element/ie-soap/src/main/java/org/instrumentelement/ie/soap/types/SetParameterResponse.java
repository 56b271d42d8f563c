package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The value now in effect, converted to the parameter's type. */
@XmlType(
    name = "SetParameterResponse",
    propOrder = {"value"})
public class SetParameterResponse {
  @XmlElement(required = true)
  public Value value;
}
