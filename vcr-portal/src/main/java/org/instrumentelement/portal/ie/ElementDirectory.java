package org.instrumentelement.portal.ie;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.config.PortalConfig;

/**
 * The configured Instrument Elements, each polled every {@code portal.pollPeriod} for reachability
 * and IM states. Listeners hear of every poll whose reachability differs from the one before.
 */
public final class ElementDirectory implements AutoCloseable {
  private final Map<String, RemoteElement> elements = new LinkedHashMap<>();
  private final Duration pollPeriod;
  private final List<Consumer<ElementStatus>> listeners = new CopyOnWriteArrayList<>();
  private ScheduledExecutorService poller;

  /**
   * @param tls what the portal trusts of IEs over HTTPS and their brokers over TLS
   * @param timeout how long to wait for an IE's answer ({@code portal.ieTimeout})
   */
  public ElementDirectory(
      List<PortalConfig.ElementEndpoint> endpoints,
      Duration pollPeriod,
      ClientTls tls,
      Duration timeout) {
    for (PortalConfig.ElementEndpoint e : endpoints) {
      elements.put(
          e.name(),
          new RemoteElement(
              e.name(),
              e.url(),
              e.serviceUser() == null
                  ? Credentials.NONE
                  : Credentials.service(e.serviceUser(), e.servicePassword()),
              tls,
              timeout));
    }
    this.pollPeriod = pollPeriod;
  }

  /** Starts polling. */
  public synchronized void start() {
    int threads = Math.max(1, Math.min(4, elements.size()));
    poller =
        Executors.newScheduledThreadPool(
            threads,
            r -> {
              Thread t = new Thread(r, "portal-poller");
              t.setDaemon(true);
              return t;
            });
    for (RemoteElement e : elements.values()) {
      poller.scheduleWithFixedDelay(() -> poll(e), 0, pollPeriod.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  /** Polls one IE soon, out of turn (after a command changed its states). */
  public void refreshSoon(RemoteElement e) {
    ScheduledExecutorService p = poller;
    if (p != null && !p.isShutdown()) {
      p.execute(() -> poll(e));
    }
  }

  private void poll(RemoteElement e) {
    try {
      boolean before = e.status().reachable();
      long generation = e.status().generation();
      ElementStatus after = e.refresh();
      if (after.reachable() != before || after.generation() != generation) {
        listeners.forEach(l -> l.accept(after));
      }
    } catch (RuntimeException ex) {
      // a bug in one poll must not stop the next one
      System.getLogger(ElementDirectory.class.getName())
          .log(System.Logger.Level.WARNING, "polling " + e.name() + " failed", ex);
    }
  }

  /** Hears of IEs becoming reachable or unreachable. */
  public void addListener(Consumer<ElementStatus> listener) {
    listeners.add(listener);
  }

  /** The IE named {@code name}, or null. */
  public RemoteElement element(String name) {
    return elements.get(name);
  }

  /** Every configured IE, in configuration order. */
  public List<RemoteElement> elements() {
    return new ArrayList<>(elements.values());
  }

  @Override
  public synchronized void close() {
    if (poller != null) {
      poller.shutdownNow();
      poller = null;
    }
    elements.values().forEach(RemoteElement::close);
  }
}
