package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** The IM added, and the configuration lines it was built from (as kept). */
@XmlType(
    name = "AddInstrumentManagerResponse",
    propOrder = {"instrumentManager", "configuration"})
public class AddInstrumentManagerResponse {
  public ImSummary instrumentManager;

  /** {@code im.<name>.<setting> = value}, one per setting. */
  public List<String> configuration;
}
