package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** Request: read several attributes of one IM in one call. */
@XmlType(
    name = "GetAttributes",
    propOrder = {"im", "attribute", "encoding", "maxAge"})
public class GetAttributes implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  public List<String> attribute;

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
