package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Whether there was a reservation to break. */
@XmlType(
    name = "BreakReservationResponse",
    propOrder = {"broken"})
public class BreakReservationResponse {
  public boolean broken;
}
