package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The attribute's value. */
@XmlType(
    name = "GetAttributeResponse",
    propOrder = {"value"})
public class GetAttributeResponse {
  @XmlElement(required = true)
  public Value value;
}
