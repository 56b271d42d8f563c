package org.instrumentelement.ie.server;

import org.instrumentelement.ie.config.HttpLimits;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.recording.Recordings;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.ie.soap.InstrumentElementPort;

/**
 * What the web application serves and guards, handed to it whole by whoever built the parts (the
 * runtime, a WAR's listener, a test), so that the HTTP side never reaches back for them.
 *
 * @param service the SOAP implementation CXF publishes
 * @param access who may do what; the request gate authenticates with it
 * @param audit where control actions are recorded
 * @param monitoring health, readiness and the figures of every request
 * @param maxRequestBytes largest SOAP request accepted ({@code soap.maxRequestBytes})
 * @param httpLimits what the gate allows per address, in time and in memory
 * @param pollingLane whether plain getAttribute and getAttributes requests take the {@link
 *     PollingLane} ({@code soap.pollingLane})
 * @param recordings the recordings served for download, or null for none
 */
public record ServiceParts(
    InstrumentElementPort service,
    AccessControl access,
    AuditLog audit,
    Monitoring monitoring,
    long maxRequestBytes,
    HttpLimits httpLimits,
    boolean pollingLane,
    Recordings recordings) {

  /** The parts, with the polling lane on (its default) and no recordings (nothing to download). */
  public ServiceParts(
      InstrumentElementPort service,
      AccessControl access,
      AuditLog audit,
      Monitoring monitoring,
      long maxRequestBytes,
      HttpLimits httpLimits) {
    this(service, access, audit, monitoring, maxRequestBytes, httpLimits, true, null);
  }

  /** Whether the service runs with the built-in development users (hosted web applications say). */
  public boolean developmentUsers() {
    return access.users() != null && access.users().isDevelopment();
  }
}
