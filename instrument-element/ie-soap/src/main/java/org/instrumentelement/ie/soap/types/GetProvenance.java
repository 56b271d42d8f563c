package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: where the values of one IM came from, at one provenance revision. */
@XmlType(
    name = "GetProvenance",
    propOrder = {"im", "revision"})
public class GetProvenance implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  /**
   * The revision, as a published message ({@code ieProvenance}) or a polled value ({@code
   * provenance}) carries it; absent or 0: the current one.
   */
  public Long revision;

  @Override
  public String targetIm() {
    return im;
  }
}
