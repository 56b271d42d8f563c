package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The reservation now held. */
@XmlType(
    name = "ReserveResponse",
    propOrder = {"reservation"})
public class ReserveResponse {
  @XmlElement(required = true)
  public ReservationInfo reservation;
}
