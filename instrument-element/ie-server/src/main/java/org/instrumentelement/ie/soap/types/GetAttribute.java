package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: read one attribute from the instrument. */
@XmlType(
    name = "GetAttribute",
    propOrder = {"im", "attribute", "encoding"})
public class GetAttribute implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String attribute;

  /** How vectors come back; XML when absent. */
  public VectorEncoding encoding;

  @Override
  public String targetIm() {
    return im;
  }
}
