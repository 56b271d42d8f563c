package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** Request: read several attributes of one IM in one call. */
@XmlType(
    name = "GetAttributes",
    propOrder = {"im", "attribute", "encoding"})
public class GetAttributes implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  public List<String> attribute;

  /** How vectors come back; XML when absent. */
  public VectorEncoding encoding;

  @Override
  public String targetIm() {
    return im;
  }
}
