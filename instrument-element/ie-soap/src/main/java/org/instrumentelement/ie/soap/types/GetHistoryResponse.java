package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The history asked for. */
@XmlType(
    name = "GetHistoryResponse",
    propOrder = {"history"})
public class GetHistoryResponse {
  @XmlElement(required = true)
  public HistoryInfo history;
}
