package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Whether there was a reservation to release. */
@XmlType(
    name = "ReleaseReservationResponse",
    propOrder = {"released"})
public class ReleaseReservationResponse {
  public boolean released;
}
