package org.instrumentelement.ie.soap;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.regex.Pattern;
import org.instrumentelement.ial.discovery.DiscoveryReport;
import org.instrumentelement.ial.discovery.FoundInstrument;
import org.instrumentelement.ial.discovery.IdentityMatch;
import org.instrumentelement.ial.discovery.InstrumentDiscovery;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Grant;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.soap.types.DiscoverInstruments;
import org.instrumentelement.ie.soap.types.DiscoverInstrumentsResponse;
import org.instrumentelement.ie.soap.types.DiscoveredInstrument;
import org.instrumentelement.ie.soap.types.IdentityMatchInfo;
import org.instrumentelement.im.model.ImException;

/**
 * Instrument discovery on the IE's networks, for an administrator of the whole element: the IAL's
 * discovery (portmapper broadcast, mDNS, subnet probes, {@code *IDN?}) with bounded options, one at
 * a time.
 */
final class DiscoveryOperations {
  static final long MIN_TIMEOUT_MILLIS = 500;
  static final long MAX_TIMEOUT_MILLIS = 30_000;
  static final long DEFAULT_TIMEOUT_MILLIS = 3_000;
  static final int MAX_INSTRUMENTS = 256;
  static final int DEFAULT_MAX_INSTRUMENTS = 64;
  static final int MAX_SUBNETS = 16;
  static final int MAX_NETWORKS = 16;

  private static final Pattern IPV4 =
      Pattern.compile(
          "(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}");

  private final ElementView view;
  private final AccessControl access;
  private final Semaphore running = new Semaphore(1);

  DiscoveryOperations(ElementView view, AccessControl access) {
    this.view = view;
    this.access = access;
  }

  DiscoverInstrumentsResponse discoverInstruments(DiscoverInstruments request)
      throws InstrumentElementFault {
    checkAdminOfEverything();
    DiscoverInstruments q = request == null ? new DiscoverInstruments() : request;
    long timeout = q.timeoutMillis == null ? DEFAULT_TIMEOUT_MILLIS : q.timeoutMillis;
    if (timeout < MIN_TIMEOUT_MILLIS || timeout > MAX_TIMEOUT_MILLIS) {
      throw fault(
          FaultCode.OUT_OF_RANGE,
          "timeoutMillis is "
              + MIN_TIMEOUT_MILLIS
              + ".."
              + MAX_TIMEOUT_MILLIS
              + ", not "
              + timeout);
    }
    int max = q.maxInstruments == null ? DEFAULT_MAX_INSTRUMENTS : q.maxInstruments;
    if (max < 1 || max > MAX_INSTRUMENTS) {
      throw fault(
          FaultCode.OUT_OF_RANGE, "maxInstruments is 1.." + MAX_INSTRUMENTS + ", not " + max);
    }
    if (q.portmapperPort != null && (q.portmapperPort < 1 || q.portmapperPort > 65_535)) {
      throw fault(FaultCode.OUT_OF_RANGE, "portmapperPort is 1..65535, not " + q.portmapperPort);
    }
    List<String> subnets = q.subnet == null ? List.of() : q.subnet;
    List<String> networks = q.network == null ? List.of() : q.network;
    if (subnets.size() > MAX_SUBNETS || networks.size() > MAX_NETWORKS) {
      throw fault(
          FaultCode.REQUEST_TOO_LARGE,
          "at most " + MAX_SUBNETS + " subnets and " + MAX_NETWORKS + " networks in one discovery");
    }
    InstrumentDiscovery.Builder b =
        InstrumentDiscovery.builder()
            .timeout(Duration.ofMillis(timeout))
            .mdns(q.mdns == null || q.mdns)
            .portmapperBroadcast(q.broadcast == null || q.broadcast)
            .gpib(q.gpib != null && q.gpib);
    if (q.portmapperPort != null) {
      b.portmapperPort(q.portmapperPort);
    }
    for (String s : subnets) {
      try {
        b.subnet(ElementView.required(s, "subnet").strip());
      } catch (IllegalArgumentException e) {
        throw fault(FaultCode.INVALID_VALUE, e.getMessage());
      }
    }
    for (String n : networks) {
      // Addresses only, never names: a discovery resolves nothing.
      if (n == null || !IPV4.matcher(n.strip()).matches()) {
        throw fault(
            FaultCode.INVALID_VALUE,
            "network '" + n + "' is not an IPv4 address of this host such as 192.168.1.20");
      }
    }
    if (!running.tryAcquire()) {
      throw fault(FaultCode.SERVER_BUSY, "a discovery is running already: retry when it has ended");
    }
    try {
      if (!networks.isEmpty()) {
        try {
          b.interfaces(networks.stream().map(String::strip).toList());
        } catch (IOException e) {
          throw fault(FaultCode.INVALID_VALUE, "network: " + e.getMessage());
        }
      }
      InstrumentDiscovery discovery;
      try {
        discovery = b.build();
      } catch (IOException e) {
        throw fault(FaultCode.INTERNAL_ERROR, "the host's network interfaces could not be listed");
      }
      return answer(discovery.run(), max);
    } finally {
      running.release();
    }
  }

  private static DiscoverInstrumentsResponse answer(DiscoveryReport report, int max) {
    DiscoverInstrumentsResponse r = new DiscoverInstrumentsResponse();
    r.instrument = new ArrayList<>();
    r.searched = new ArrayList<>(report.searched());
    r.problem = new ArrayList<>(report.problems());
    r.tookMillis = report.took().toMillis();
    List<FoundInstrument> found = report.instruments();
    for (FoundInstrument f : found.subList(0, Math.min(max, found.size()))) {
      DiscoveredInstrument i = new DiscoveredInstrument();
      i.host = f.host();
      i.identity = f.identity();
      i.resource = new ArrayList<>(f.resources());
      i.foundBy = new ArrayList<>(f.foundBy());
      i.match = new ArrayList<>();
      for (IdentityMatch m : f.matches()) {
        IdentityMatchInfo mi = new IdentityMatchInfo();
        mi.kind = m.kind();
        mi.name = m.name();
        i.match.add(mi);
      }
      i.configuration = new ArrayList<>(f.configuration());
      i.note = new ArrayList<>(f.notes());
      r.instrument.add(i);
    }
    if (found.size() > max) {
      r.problem.add(
          (found.size() - max) + " more instruments were found than maxInstruments (" + max + ")");
    }
    return r;
  }

  private void checkAdminOfEverything() throws InstrumentElementFault {
    try {
      access.checkRole(view.caller(), Role.ADMIN, Grant.EVERYTHING);
    } catch (ImException e) {
      throw InstrumentElementFault.of(e, null, null);
    }
  }

  private static InstrumentElementFault fault(FaultCode code, String message) {
    return InstrumentElementFault.of(code, message);
  }
}
