package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: the current state of one IM. */
@XmlType(
    name = "GetState",
    propOrder = {"im"})
public class GetState implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @Override
  public String targetIm() {
    return im;
  }
}
