package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: the model and state of one IM. */
@XmlType(
    name = "DescribeInstrumentManager",
    propOrder = {"im"})
public class DescribeInstrumentManager implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @Override
  public String targetIm() {
    return im;
  }
}
