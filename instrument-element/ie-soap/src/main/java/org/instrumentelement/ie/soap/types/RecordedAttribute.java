package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** One attribute of one IM in a recording. */
@XmlType(
    name = "RecordedAttribute",
    propOrder = {"im", "attribute"})
public class RecordedAttribute {
  /** The IM path. */
  @XmlElement(required = true)
  public String im;

  /** A subscribable attribute of it. */
  @XmlElement(required = true)
  public String attribute;
}
