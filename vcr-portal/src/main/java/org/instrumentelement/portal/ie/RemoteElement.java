package org.instrumentelement.portal.ie;

import jakarta.xml.ws.WebServiceException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ImSummary;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListInstrumentManagers;

/**
 * One Instrument Element, reached through its SOAP endpoint with a small pool of client ports (a
 * port is used by one thread at a time). Short connect timeout: an operator should learn quickly
 * that an IE is down, and the tree never waits for it (it shows the last poll).
 */
public final class RemoteElement {
  /** How a port talks to an IE from the portal. */
  static final InstrumentElementClient.Options OPTIONS =
      new InstrumentElementClient.Options(false, Duration.ofSeconds(2), Duration.ofSeconds(15));

  private static final int MAX_IDLE_PORTS = 8;

  /** A call on a port. */
  @FunctionalInterface
  public interface SoapCall<T> {
    T apply(InstrumentElementPort port) throws InstrumentElementFault;
  }

  private final String name;
  private final String url;
  private final ConcurrentLinkedQueue<InstrumentElementPort> idle = new ConcurrentLinkedQueue<>();
  private volatile ElementStatus status;

  public RemoteElement(String name, String url) {
    this.name = name;
    this.url = url;
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
   * Calls the IE.
   *
   * @throws PortalError the IE's fault, or {@code UNREACHABLE}
   */
  public <T> T call(SoapCall<T> call) throws PortalError {
    InstrumentElementPort port = idle.poll();
    if (port == null) {
      port = newPort();
    }
    try {
      T result = call.apply(port);
      release(port);
      return result;
    } catch (InstrumentElementFault f) {
      release(port);
      throw PortalError.of(f);
    } catch (WebServiceException e) {
      // The port may hold a broken connection; let it go.
      throw PortalError.unreachable(name, e);
    }
  }

  /** A port of its own, for a subscription that keeps it. */
  public InstrumentElementPort newPort() {
    return InstrumentElementClient.connect(url, OPTIONS);
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
      List<ImSummary> list =
          call(p -> p.listInstrumentManagers(new ListInstrumentManagers())).getInstrumentManager();
      List<ElementStatus.Im> ims = new ArrayList<>();
      for (ImSummary s : list) {
        ims.add(
            new ElementStatus.Im(
                s.getPath(),
                s.getName(),
                s.getParent(),
                s.getType(),
                s.getDescription(),
                s.getState()));
      }
      boolean returned = !before.reachable();
      after =
          new ElementStatus(
              name,
              url,
              true,
              null,
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
