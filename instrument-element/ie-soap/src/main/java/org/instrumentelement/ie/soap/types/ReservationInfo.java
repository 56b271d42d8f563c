package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;

/** A reservation: who may control an IM subtree, until when. */
@XmlType(
    name = "ReservationInfo",
    propOrder = {"im", "holder", "acquired", "expires"})
public class ReservationInfo {
  /** The subtree's root IM path. */
  public String im;

  public String holder;

  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant acquired;

  /** When it lapses unless renewed. */
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant expires;
}
