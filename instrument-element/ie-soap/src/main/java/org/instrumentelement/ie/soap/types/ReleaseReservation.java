package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: give up the caller's reservation. */
@XmlType(
    name = "ReleaseReservation",
    propOrder = {"im"})
public class ReleaseReservation implements ImRequest {
  /** The subtree's root IM path. */
  @XmlElement(required = true)
  public String im;

  @Override
  public String targetIm() {
    return im;
  }
}
