package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request (admin): remove whoever's reservation of a subtree. */
@XmlType(
    name = "BreakReservation",
    propOrder = {"im"})
public class BreakReservation implements ImRequest {
  /** The subtree's root IM path. */
  @XmlElement(required = true)
  public String im;

  @Override
  public String targetIm() {
    return im;
  }
}
