package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** What a discovery found, what it searched, and what went wrong or was left out. */
@XmlType(
    name = "DiscoverInstrumentsResponse",
    propOrder = {"instrument", "searched", "problem", "tookMillis"})
public class DiscoverInstrumentsResponse {
  public List<DiscoveredInstrument> instrument;

  /** What was done ({@code portmapper broadcast to 192.168.1.255:111}). */
  public List<String> searched;

  /** Answers refused or dropped, limits reached, addresses that did not answer. */
  public List<String> problem;

  public long tookMillis;
}
