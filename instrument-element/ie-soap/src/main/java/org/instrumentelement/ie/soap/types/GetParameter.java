package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: the current value of one parameter. */
@XmlType(
    name = "GetParameter",
    propOrder = {"im", "parameter"})
public class GetParameter implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String parameter;

  @Override
  public String targetIm() {
    return im;
  }
}
