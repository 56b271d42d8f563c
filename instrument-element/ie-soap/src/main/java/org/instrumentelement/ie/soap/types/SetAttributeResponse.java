package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The value written. */
@XmlType(
    name = "SetAttributeResponse",
    propOrder = {"value"})
public class SetAttributeResponse {
  @XmlElement(required = true)
  public Value value;
}
