package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: extend the caller's reservation before it lapses. */
@XmlType(
    name = "RenewReservation",
    propOrder = {"im", "durationMillis"})
public class RenewReservation implements ImRequest {
  /** The subtree's root IM path. */
  @XmlElement(required = true)
  public String im;

  /** How long from now; 5 minutes when absent. */
  public Long durationMillis;

  @Override
  public String targetIm() {
    return im;
  }
}
