package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/**
 * Request (admin of everything): find the instruments on the networks of the IE's host, as {@code
 * instrument-element discover} does (docs/adding-instruments.md). Every field is optional.
 */
@XmlType(
    name = "DiscoverInstruments",
    propOrder = {
      "timeoutMillis",
      "subnet",
      "network",
      "maxInstruments",
      "mdns",
      "broadcast",
      "portmapperPort",
      "gpib"
    })
public class DiscoverInstruments {
  /** How long to listen for answers (and at most again to identify them): 500..30,000; 3,000. */
  public Long timeoutMillis;

  /** Subnets to probe as well ({@code 10.0.12.0/24}, or one address); at most 16. */
  public List<String> subnet;

  /**
   * IPv4 addresses of the IE's host whose networks are searched ({@code 127.0.0.1}: the loopback);
   * absent: every IPv4 interface that is up, loopback aside; at most 16.
   */
  public List<String> network;

  /** The most instruments answered: 1..256; 64. */
  public Integer maxInstruments;

  /** Whether to browse the LXI service types over mDNS; true. */
  public Boolean mdns;

  /** Whether to send the VXI-11 portmapper broadcast; true. */
  public Boolean broadcast;

  /** Where the broadcast goes: 111, or a simulator's own portmapper port. */
  public Integer portmapperPort;

  /** Whether to try GPIB addresses 1..30 behind every VXI-11 host; false. */
  public Boolean gpib;
}
