package org.instrumentelement.portal.ie;

import java.net.http.HttpClient;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.time.Instant;
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
  /** How long a connection to an IE may take: an IE that does not take it is away. */
  static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);

  /** How long the portal waits for an IE's answer by default ({@code portal.ieTimeout}). */
  public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(15);

  private static final System.Logger LOG = System.getLogger(RemoteElement.class.getName());

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
  private final Duration timeout;
  private final InstrumentElementClient.Options options;
  private final ConcurrentLinkedQueue<InstrumentElementPort> idle = new ConcurrentLinkedQueue<>();
  private volatile boolean closed;
  private final Object httpLock = new Object();
  private HttpClient http; // guarded by httpLock
  private volatile ElementStatus status;
  private volatile PortalError lastPollError;

  /**
   * @param service the portal's own account on this IE (polling, subscriptions), or {@link
   *     Credentials#NONE}
   * @param tls what the portal trusts of this IE over HTTPS and of its broker over TLS
   * @param timeout how long to wait for an answer ({@code portal.ieTimeout})
   */
  public RemoteElement(
      String name, String url, Credentials service, ClientTls tls, Duration timeout) {
    this.name = name;
    this.url = url;
    this.service = service;
    this.tls = tls;
    this.timeout = timeout;
    this.options =
        InstrumentElementClient.Options.DEFAULTS
            .withTimeouts(
                CONNECT_TIMEOUT.compareTo(timeout) < 0 ? CONNECT_TIMEOUT : timeout, timeout)
            .withTls(tls);
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

  /** Why the last poll found the IE unreachable, or null when it answered. */
  public PortalError lastPollError() {
    return lastPollError;
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
   * Calls the IE as a signed-in user, so that the IE's roles and reservations apply. Only the IE's
   * answer is a result: anything else (a refusal, a busy IE, no answer in time, a broken
   * connection, an answer that is not an IE's) is an error, so that whatever is decided on the
   * result is refused on doubt.
   *
   * @throws PortalError the IE's fault ({@code NOT_AUTHORIZED}, {@code RESERVED}...), {@code
   *     NOT_AUTHENTICATED}, {@code TOO_MANY_REQUESTS} or {@code SERVER_BUSY} (busy), {@code
   *     UNREACHABLE} (no answer) or {@code UNEXPECTED_ANSWER}
   */
  public <T> T callAs(Credentials who, SoapCall<T> call) throws PortalError {
    InstrumentElementPort port = idle.poll();
    try {
      if (port == null) {
        port = InstrumentElementClient.connect(url, options);
      }
      InstrumentElementClient.setCredentials(port, who.user(), who.password());
      InstrumentElementClient.setForwardedFor(port, who.address());
      T result = call.apply(port);
      release(port);
      return result;
    } catch (InstrumentElementFault f) {
      release(port);
      throw PortalError.of(f);
    } catch (RuntimeException e) {
      // WebServiceException for the transport and unparseable answers; anything else the client
      // throws refuses just the same. The port may hold a broken connection: let it go.
      if (port != null) {
        InstrumentElementClient.close(port);
      }
      PortalError error = PortalError.ofCall(name, who.user(), timeout, e);
      if (error.code().equals(PortalError.UNEXPECTED_ANSWER)) {
        LOG.log(System.Logger.Level.WARNING, "unexpected answer from " + name + " at " + url, e);
      }
      throw error;
    }
  }

  /** How long the portal waits for this IE's answer. */
  public Duration timeout() {
    return timeout;
  }

  /** How long a connection to this IE may take. */
  public Duration connectTimeout() {
    return options.connectTimeout();
  }

  /**
   * A port of its own with the portal's account, for a subscription that keeps it; the caller
   * closes it ({@link InstrumentElementClient#close}).
   */
  public InstrumentElementPort newPort() {
    InstrumentElementPort p = InstrumentElementClient.connect(url, options);
    InstrumentElementClient.setCredentials(p, service.user(), service.password());
    return p;
  }

  /** The portal's own account on this IE. */
  public Credentials service() {
    return service;
  }

  /**
   * The HTTP client for this IE's plain HTTP downloads (recordings), made at first use and kept:
   * each JDK client has threads of its own that end only when it is collected, so one per download
   * left them piling up.
   */
  public HttpClient httpClient() throws GeneralSecurityException {
    synchronized (httpLock) {
      if (http == null) {
        HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(connectTimeout());
        if (tls != null && tls.configured()) {
          b.sslContext(tls.context());
        }
        http = b.build();
      }
      return http;
    }
  }

  /** What the portal trusts of this IE and its broker over TLS. */
  public ClientTls tls() {
    return tls;
  }

  private void release(InstrumentElementPort port) {
    if (closed || idle.size() >= MAX_IDLE_PORTS) {
      InstrumentElementClient.close(port);
      return;
    }
    idle.offer(port);
    if (closed) { // closed meanwhile: the port may have come after close() emptied the queue
      closeIdlePorts();
    }
  }

  /**
   * Closes the ports kept for calls; one in use is closed when its call ends. The portal calls this
   * when it stops, so that the HTTP client's threads stop with it.
   */
  public void close() {
    closed = true;
    closeIdlePorts();
  }

  private void closeIdlePorts() {
    for (InstrumentElementPort p = idle.poll(); p != null; p = idle.poll()) {
      InstrumentElementClient.close(p);
    }
  }

  /**
   * Polls the IE with the portal's own account (its list of IMs, which nothing shows) and records
   * whether it answered.
   *
   * @return the new status
   */
  public synchronized ElementStatus refresh() {
    ElementStatus before = status;
    Instant now = Instant.now();
    ElementStatus after;
    PortalError failed = null;
    try {
      String note = null;
      try {
        call(p -> p.listInstrumentManagers(new ListInstrumentManagers()));
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
              before.generation() + (returned ? 1 : 0));
    } catch (PortalError e) {
      failed = e;
      after =
          new ElementStatus(
              name,
              url,
              false,
              e.briefly(),
              before.reachable() || before.checked() == null ? now : before.since(),
              now,
              before.generation());
    }
    lastPollError = failed;
    status = after;
    return after;
  }
}
