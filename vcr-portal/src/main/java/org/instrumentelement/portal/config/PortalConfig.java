package org.instrumentelement.portal.config;

import java.time.Duration;
import java.util.List;
import org.instrumentelement.ie.client.tls.ClientTls;

/**
 * The portal's resolved configuration.
 *
 * @param elements the Instrument Elements shown, in order
 * @param pollPeriod how often each IE's reachability and IM states are refreshed
 * @param ieTimeout how long the portal waits for an IE's answer before it counts as unreachable
 * @param downloadTimeout how long a recording's download waits for the IE's first byte
 * @param traceRecheckPeriod how often each live trace viewer's right to observe it is confirmed
 *     again with the IE, as that viewer's user
 * @param traceResyncTimeout how long the current value of a live trace is read again after its
 *     broker connection came back, while the IE is busy or away; then the trace says that it may be
 *     out of date
 * @param traceMaxPoints most points of one trace frame sent to a browser (beyond: min/max per
 *     bucket); a browser asking for fewer gets fewer
 * @param traceMaxRate most trace frames per second sent to one browser for one attribute
 * @param tls what the portal trusts of IEs served over HTTPS and of brokers reached over TLS
 *     ({@code portal.trustStore}; by default the JVM's trust)
 * @param mdnsBrowse whether the portal lists the IEs announced over mDNS ({@code
 *     portal.mdns.browse})
 */
public record PortalConfig(
    List<ElementEndpoint> elements,
    Duration pollPeriod,
    Duration ieTimeout,
    Duration downloadTimeout,
    Duration traceRecheckPeriod,
    Duration traceResyncTimeout,
    int traceMaxPoints,
    int traceMaxRate,
    ClientTls tls,
    boolean mdnsBrowse) {

  public PortalConfig {
    elements = List.copyOf(elements);
  }

  /**
   * One Instrument Element the portal talks to.
   *
   * @param name shown in the tree and used in the portal's URLs
   * @param url its SOAP endpoint, e.g. {@code http://host:8080/ie/services/InstrumentElement}
   * @param serviceUser the account the portal polls the IE and subscribes with (an observer of
   *     everything the portal shows), or null for none
   */
  public record ElementEndpoint(
      String name, String url, String serviceUser, String servicePassword) {
    @Override
    public String toString() {
      return name + " " + url + (serviceUser == null ? "" : " as " + serviceUser);
    }
  }
}
