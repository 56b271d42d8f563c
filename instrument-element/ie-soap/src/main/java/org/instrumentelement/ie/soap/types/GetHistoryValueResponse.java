package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/**
 * The last archived value at or before the time asked: its {@code timestamp} is when the instrument
 * produced it, with its quality and provenance, and its sequence number.
 */
@XmlType(
    name = "GetHistoryValueResponse",
    propOrder = {"value", "sequence"})
public class GetHistoryValueResponse {
  @XmlElement(required = true)
  public Value value;

  @XmlElement(required = true)
  public long sequence;
}
