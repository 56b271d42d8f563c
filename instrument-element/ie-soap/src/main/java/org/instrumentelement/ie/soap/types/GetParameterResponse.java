package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The parameter's value. */
@XmlType(
    name = "GetParameterResponse",
    propOrder = {"value"})
public class GetParameterResponse {
  @XmlElement(required = true)
  public Value value;
}
