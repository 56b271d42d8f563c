package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** The IMs, parents before their children. */
@XmlType(
    name = "ListInstrumentManagersResponse",
    propOrder = {"instrumentManager"})
public class ListInstrumentManagersResponse {
  public List<ImSummary> instrumentManager;
}
