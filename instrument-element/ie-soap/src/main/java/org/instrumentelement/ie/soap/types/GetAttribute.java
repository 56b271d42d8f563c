package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: read one attribute from the instrument. */
@XmlType(
    name = "GetAttribute",
    propOrder = {"im", "attribute", "encoding", "maxAge"})
public class GetAttribute implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String attribute;

  /** How vectors come back; XML when absent. */
  public VectorEncoding encoding;

  /**
   * Milliseconds: a value read at most this long ago (by another poll or the attribute's sampler)
   * is good enough, as OPC UA's Read {@code maxAge}; absent or 0: read the instrument now.
   */
  public Long maxAge;

  @Override
  public String targetIm() {
    return im;
  }
}
