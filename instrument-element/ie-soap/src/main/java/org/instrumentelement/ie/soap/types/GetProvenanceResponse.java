package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** The provenance record asked for. */
@XmlType(
    name = "GetProvenanceResponse",
    propOrder = {"provenance"})
public class GetProvenanceResponse {
  @XmlElement(required = true)
  public ProvenanceInfo provenance;
}
