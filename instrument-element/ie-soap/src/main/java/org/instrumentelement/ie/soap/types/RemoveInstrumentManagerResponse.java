package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Whether the IM was removed (always true: a refusal is a fault). */
@XmlType(
    name = "RemoveInstrumentManagerResponse",
    propOrder = {"removed"})
public class RemoveInstrumentManagerResponse {
  public boolean removed;
}
