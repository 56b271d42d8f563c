package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The reservation with its new expiry. */
@XmlType(
    name = "RenewReservationResponse",
    propOrder = {"reservation"})
public class RenewReservationResponse {
  @XmlElement(required = true)
  public ReservationInfo reservation;
}
