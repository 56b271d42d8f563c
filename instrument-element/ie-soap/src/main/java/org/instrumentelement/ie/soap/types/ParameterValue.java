package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.XmlValue;

/** A parameter's value as text, named by its attribute. */
@XmlType(name = "ParameterValue")
public class ParameterValue {
  @XmlAttribute(required = true)
  public String name;

  @XmlValue public String value;
}
