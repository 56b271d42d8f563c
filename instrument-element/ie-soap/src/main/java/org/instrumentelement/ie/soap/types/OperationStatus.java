package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Requests of one SOAP operation since start. */
@XmlType(
    name = "OperationStatus",
    propOrder = {"operation", "requests", "faults", "meanMillis", "maxMillis"})
public class OperationStatus {
  public String operation;
  public long requests;
  public long faults;
  public double meanMillis;
  public double maxMillis;
}
