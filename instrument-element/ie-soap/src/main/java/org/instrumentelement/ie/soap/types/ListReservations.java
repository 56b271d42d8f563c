package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Request: the reservations in force. */
@XmlType(name = "ListReservations")
public class ListReservations {}
