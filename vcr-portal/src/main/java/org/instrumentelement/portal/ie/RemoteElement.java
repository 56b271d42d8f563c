package org.instrumentelement.portal.ie;

import jakarta.xml.ws.WebServiceException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListInstrumentManagers;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.portal.auth.Credentials;

/**
 * One Instrument Element, reached through its SOAP endpoint with a small pool of client ports (a
 * port is used by one thread at a time). Short connect timeout: an operator should learn quickly
 * that an IE is down, and the tree never waits for it (it shows the last poll).
 */
public final class RemoteElement {
  /** How a port talks to an IE from the portal (with the portal's trust added). */
  static final InstrumentElementClient.Options OPTIONS =
      InstrumentElementClient.Options.DEFAULTS.withTimeouts(
          Duration.ofSeconds(2), Duration.ofSeconds(15));

  private static final int MAX_IDLE_PORTS = 8;

  /** A call on a port. */
  @FunctionalInterface
  public interface SoapCall<T> {
    T apply(InstrumentElementPort port) throws InstrumentElementFault;
  }

  private final String name;
  private final String url;
  private final Credentials service;
  private final ClientTls tls;
  private final InstrumentElementClient.Options options;
  private final ConcurrentLinkedQueue<InstrumentElementPort> idle = new ConcurrentLinkedQueue<>();
  private volatile ElementStatus status;

  /**
   * @param service the portal's own account on this IE (polling, subscriptions), or {@link
   *     Credentials#NONE}
   * @param tls what the portal trusts of this IE over HTTPS and of its broker over TLS
   */
  public RemoteElement(String name, String url, Credentials service, ClientTls tls) {
    this.name = name;
    this.url = url;
    this.service = service;
    this.tls = tls;
    this.options = OPTIONS.withTls(tls);
    this.status = ElementStatus.unknown(name, url);
  }

  public String name() {
    return name;
  }

  public String url() {
    return url;
  }

  /** The last poll's result. */
  public ElementStatus status() {
    return status;
  }

  /**
   * Calls the IE with the portal's own account.
   *
   * @throws PortalError the IE's fault, or {@code UNREACHABLE}
   */
  public <T> T call(SoapCall<T> call) throws PortalError {
    return callAs(service, call);
  }

  /**
   * Calls the IE as a signed-in user, so that the IE's roles and reservations apply.
   *
   * @throws PortalError the IE's fault ({@code NOT_AUTHORIZED}, {@code RESERVED}...), {@code
   *     NOT_AUTHENTICATED}, or {@code UNREACHABLE}
   */
  public <T> T callAs(Credentials who, SoapCall<T> call) throws PortalError {
    InstrumentElementPort port = idle.poll();
    if (port == null) {
      port = InstrumentElementClient.connect(url, options);
    }
    InstrumentElementClient.setCredentials(port, who.user(), who.password());
    InstrumentElementClient.setForwardedFor(port, who.address());
    try {
      T result = call.apply(port);
      release(port);
      return result;
    } catch (InstrumentElementFault f) {
      release(port);
      throw PortalError.of(f);
    } catch (WebServiceException e) {
      if (InstrumentElementClient.unauthorized(e)) {
        release(port);
        throw new PortalError(
            FaultCode.NOT_AUTHENTICATED.name(),
            name + " refused the credentials of " + who.user(),
            null,
            401);
      }
      // The port may hold a broken connection; let it go.
      throw PortalError.unreachable(name, e);
    }
  }

  /** A port of its own with the portal's account, for a subscription that keeps it. */
  public InstrumentElementPort newPort() {
    InstrumentElementPort p = InstrumentElementClient.connect(url, options);
    InstrumentElementClient.setCredentials(p, service.user(), service.password());
    return p;
  }

  /** The portal's own account on this IE. */
  public Credentials service() {
    return service;
  }

  /** What the portal trusts of this IE and its broker over TLS. */
  public ClientTls tls() {
    return tls;
  }

  private void release(InstrumentElementPort port) {
    if (idle.size() < MAX_IDLE_PORTS) {
      idle.offer(port);
    }
  }

  /**
   * Polls the IE's IMs and records the result.
   *
   * @return the new status
   */
  public synchronized ElementStatus refresh() {
    ElementStatus before = status;
    Instant now = Instant.now();
    ElementStatus after;
    try {
      List<ElementStatus.Im> ims = List.of();
      String note = null;
      try {
        ims =
            ElementStatus.ims(
                call(p -> p.listInstrumentManagers(new ListInstrumentManagers()))
                    .getInstrumentManager());
      } catch (PortalError e) {
        if (!e.is(FaultCode.NOT_AUTHENTICATED) && !e.is(FaultCode.NOT_AUTHORIZED)) {
          throw e;
        }
        // The IE answers, but not to the portal's own account: users still see their IMs.
        note = "the portal's account cannot list the IMs (portal.serviceUser): " + e.getMessage();
      }
      boolean returned = !before.reachable();
      after =
          new ElementStatus(
              name,
              url,
              true,
              note,
              returned ? now : before.since(),
              now,
              ims,
              before.generation() + (returned ? 1 : 0));
    } catch (PortalError e) {
      String reason =
          e.code().equals(PortalError.UNREACHABLE)
              ? e.getMessage().substring(e.getMessage().indexOf(": ") + 2)
              : e.code() + ": " + e.getMessage();
      after =
          new ElementStatus(
              name,
              url,
              false,
              reason,
              before.reachable() || before.checked() == null ? now : before.since(),
              now,
              List.of(),
              before.generation());
    }
    status = after;
    return after;
  }
}
