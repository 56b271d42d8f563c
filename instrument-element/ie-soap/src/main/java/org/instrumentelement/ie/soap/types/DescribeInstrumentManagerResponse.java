package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The IM's description. */
@XmlType(
    name = "DescribeInstrumentManagerResponse",
    propOrder = {"description"})
public class DescribeInstrumentManagerResponse {
  @XmlElement(required = true)
  public ImDescription description;
}
