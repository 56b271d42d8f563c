package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** The reservations in force. */
@XmlType(
    name = "ListReservationsResponse",
    propOrder = {"reservation"})
public class ListReservationsResponse {
  public List<ReservationInfo> reservation;
}
