package org.instrumentelement.ie;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.discovery.LinkNetwork;
import org.instrumentelement.ial.discovery.MdnsAdvertiser;
import org.instrumentelement.ie.config.MdnsAdvertising;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The IE announced over mDNS/DNS-SD, as {@code _instrument-element._tcp} with its SOAP endpoint's
 * path in the TXT record, so that a portal or a person finds it on the lab's network ({@code
 * mdns.advertise}). Announcing runs beside the start, which it never holds up or fails: a network
 * that takes no multicast only costs the announcement, said in the log.
 */
final class ElementAdvertisement implements AutoCloseable {
  /** The DNS-SD service type of an Instrument Element. */
  static final String TYPE = "_instrument-element._tcp.local.";

  private static final Logger LOG = LoggerFactory.getLogger(ElementAdvertisement.class);

  private final List<MdnsAdvertiser> advertisers = new ArrayList<>();
  private final Thread announcing;
  private volatile boolean closed;

  private ElementAdvertisement(List<InetAddress> addresses, MdnsAdvertiser.Service service) {
    announcing =
        new Thread(
            () -> {
              for (InetAddress a : addresses) {
                try {
                  MdnsAdvertiser m =
                      MdnsAdvertiser.start(
                          a,
                          "instrument-element-"
                              + a.getHostAddress().replaceAll("[^0-9A-Za-z]", "-"),
                          List.of(service));
                  synchronized (advertisers) {
                    if (closed) {
                      m.close();
                      return;
                    }
                    advertisers.add(m);
                  }
                  LOG.info("Announced over mDNS on {}: {}", a.getHostAddress(), m.names());
                } catch (IOException | RuntimeException e) {
                  LOG.warn(
                      "Not announced over mDNS on {} (mdns.advertise): {}",
                      a.getHostAddress(),
                      e.getMessage());
                }
              }
            },
            "mdns-advertise");
    announcing.setDaemon(true);
  }

  /**
   * Starts announcing the service at {@code serviceUrl}, as {@code mode} says for an IE listening
   * on {@code httpHost}; nothing when there is nowhere to announce it.
   */
  static ElementAdvertisement start(
      MdnsAdvertising mode, String httpHost, String name, String serviceUrl) {
    List<InetAddress> addresses = addresses(mode, httpHost);
    if (addresses.isEmpty()) {
      LOG.info(
          "Not announced over mDNS (mdns.advertise = {}, http.host = {})",
          mode.configName(),
          httpHost);
      return null;
    }
    ElementAdvertisement a = new ElementAdvertisement(addresses, service(name, serviceUrl));
    a.announcing.start();
    return a;
  }

  /** The service: port and path of the endpoint, its scheme and the IE's name in TXT. */
  static MdnsAdvertiser.Service service(String name, String serviceUrl) {
    URI u = URI.create(serviceUrl);
    return new MdnsAdvertiser.Service(
        TYPE,
        "Instrument Element " + name,
        u.getPort(),
        Map.of("txtvers", "1", "path", u.getPath(), "scheme", u.getScheme(), "ie", name));
  }

  /** Where to announce: none, {@code http.host}'s address, or every LAN address. */
  static List<InetAddress> addresses(MdnsAdvertising mode, String httpHost) {
    if (mode == MdnsAdvertising.OFF) {
      return List.of();
    }
    try {
      InetAddress host = InetAddress.getByName(httpHost);
      if (host.isAnyLocalAddress()) {
        List<InetAddress> lan = new ArrayList<>();
        for (LinkNetwork n : LinkNetwork.lan()) {
          lan.add(n.address());
        }
        if (lan.isEmpty() && mode == MdnsAdvertising.ON) {
          lan.add(InetAddress.getLoopbackAddress());
        }
        return lan;
      }
      if (host.isLoopbackAddress() && mode == MdnsAdvertising.AUTO) {
        return List.of();
      }
      return List.of(host);
    } catch (IOException e) {
      LOG.warn("Not announced over mDNS: {} is not an address of this host", httpHost);
      return List.of();
    }
  }

  /** Withdraws the announcements. */
  @Override
  public void close() {
    // An announcement still being made withdraws itself when it is done.
    synchronized (advertisers) {
      closed = true;
      advertisers.forEach(MdnsAdvertiser::close);
      advertisers.clear();
    }
  }
}
