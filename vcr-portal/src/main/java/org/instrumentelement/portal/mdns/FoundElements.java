package org.instrumentelement.portal.mdns;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import javax.jmdns.JmDNS;
import javax.jmdns.ServiceEvent;
import javax.jmdns.ServiceInfo;
import javax.jmdns.ServiceListener;

/**
 * The Instrument Elements announced over mDNS/DNS-SD ({@code _instrument-element._tcp}, as an IE
 * with {@code mdns.advertise} announces itself) on this host's networks, browsed with JmDNS for the
 * portal to list ({@code portal.mdns.browse}). Listing is all it does: the portal talks only to the
 * IEs of its configuration, and an IE found here is one to add there.
 *
 * <p>Every announcement is untrusted input, and what it costs is bounded: at most {@link
 * #MAX_ELEMENTS} IEs are kept (others are counted), a TXT record is read up to {@link
 * #MAX_TXT_BYTES} bytes, names and values are cut to {@link #MAX_TEXT} characters with everything
 * outside printable ASCII shown as {@code ?}, an endpoint path must look like one, and at most
 * {@link #MAX_PROBLEMS} problems are kept (the rest counted). An entry goes when its IE withdraws
 * the announcement, and otherwise {@link #EXPIRY} after it was last heard: browsing starts afresh
 * (with JmDNS's cache empty) every {@link #REFRESH}, so that only IEs that still answer are heard
 * again.
 */
public final class FoundElements implements AutoCloseable {
  /** The DNS-SD service type an IE announces itself as. */
  public static final String TYPE = "_instrument-element._tcp.local.";

  /** The most IEs kept. */
  public static final int MAX_ELEMENTS = 64;

  /** The most bytes of a TXT record read. */
  public static final int MAX_TXT_BYTES = 1024;

  /** The most characters of a name or a TXT value kept. */
  public static final int MAX_TEXT = 128;

  /** The most problems kept. */
  public static final int MAX_PROBLEMS = 20;

  /** The most addresses of this host browsed on. */
  public static final int MAX_NETWORKS = 8;

  /** How often browsing starts afresh. */
  public static final Duration REFRESH = Duration.ofMinutes(5);

  /** How long an IE not heard again stays listed. */
  public static final Duration EXPIRY = REFRESH.multipliedBy(2).plusMinutes(1);

  private static final Pattern PATH = Pattern.compile("/[A-Za-z0-9._~%/-]{0,127}");
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  /**
   * One IE found.
   *
   * @param ie the IE's name (its TXT {@code ie}; else the announcement's name)
   * @param instance the announcement's name
   * @param host the IPv4 address it announced
   * @param port the port of its endpoint
   * @param endpoint its SOAP endpoint: scheme, host, port and the TXT {@code path}
   * @param network the address of this host it was heard on
   * @param heard when it was last heard
   */
  public record Found(
      String ie,
      String instance,
      String host,
      int port,
      String endpoint,
      String network,
      Instant heard) {}

  /**
   * What browsing holds now.
   *
   * @param elements the IEs found, by name
   * @param ignored announcements not kept, beyond {@link #MAX_ELEMENTS}
   * @param problems what was wrong with announcements, the newest last
   * @param moreProblems problems beyond {@link #MAX_PROBLEMS}, counted
   * @param networks the addresses of this host browsed on
   */
  public record Snapshot(
      List<Found> elements,
      int ignored,
      List<String> problems,
      int moreProblems,
      List<String> networks) {}

  private final Clock clock;
  private final List<InetAddress> networks;
  private final Map<String, Found> found = new LinkedHashMap<>(); // guarded by this
  private final List<String> problems = new ArrayList<>(); // guarded by this
  private final List<JmDNS> browsers = new ArrayList<>(); // guarded by this
  private int ignored;
  private int moreProblems;
  private boolean closed;
  private ScheduledExecutorService worker;

  /**
   * @param networks the addresses of this host to browse on; empty: every IPv4 address of an
   *     interface that is up ({@link #hostNetworks})
   */
  public FoundElements(List<InetAddress> networks, Clock clock) {
    List<InetAddress> n = networks.isEmpty() ? hostNetworks() : networks;
    this.networks = List.copyOf(n.subList(0, Math.min(n.size(), MAX_NETWORKS)));
    this.clock = clock;
  }

  /** Every IPv4 address of an interface of this host that is up, the loopback's included. */
  public static List<InetAddress> hostNetworks() {
    List<InetAddress> out = new ArrayList<>();
    try {
      for (NetworkInterface i : Collections.list(NetworkInterface.getNetworkInterfaces())) {
        if (!i.isUp()) {
          continue;
        }
        for (InetAddress a : Collections.list(i.getInetAddresses())) {
          if (a instanceof Inet4Address) {
            out.add(a);
          }
        }
      }
    } catch (SocketException e) {
      out.add(InetAddress.getLoopbackAddress());
    }
    out.sort(Comparator.comparing(a -> !a.isLoopbackAddress())); // the loopback first
    return out;
  }

  /** Starts browsing, afresh every {@link #REFRESH}; JmDNS starts on its own thread. */
  public synchronized void start() {
    worker =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "portal-mdns-browse");
              t.setDaemon(true);
              return t;
            });
    worker.scheduleWithFixedDelay(this::browseAfresh, 0, REFRESH.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Closes the browsers of the last round and starts new ones, with empty caches. */
  private void browseAfresh() {
    List<JmDNS> old;
    synchronized (this) {
      if (closed) {
        return;
      }
      old = new ArrayList<>(browsers);
      browsers.clear();
    }
    old.forEach(FoundElements::closeQuietly);
    for (InetAddress a : networks) {
      try {
        JmDNS j = JmDNS.create(a, "vcr-portal-" + a.getHostAddress().replace('.', '-'));
        j.addServiceListener(TYPE, listener(j, a));
        synchronized (this) {
          if (closed) {
            closeQuietly(j);
            return;
          }
          browsers.add(j);
        }
      } catch (IOException | RuntimeException e) {
        problem("mDNS on " + a.getHostAddress() + " could not start: " + e.getMessage());
      }
    }
    expire();
  }

  private ServiceListener listener(JmDNS jmdns, InetAddress network) {
    return new ServiceListener() {
      @Override
      public void serviceAdded(ServiceEvent e) {
        jmdns.requestServiceInfo(e.getType(), e.getName(), 1000);
      }

      @Override
      public void serviceRemoved(ServiceEvent e) {
        withdrawn(clean(e.getName()), network);
      }

      @Override
      public void serviceResolved(ServiceEvent e) {
        ServiceInfo info = e.getInfo();
        if (info != null) {
          resolved(info, network);
        }
      }
    };
  }

  /** One announcement resolved: kept (or refreshed) if it is sound and there is room. */
  void resolved(ServiceInfo info, InetAddress network) {
    String instance = clean(info.getName());
    String what = "\"" + instance + "\" heard on " + network.getHostAddress();
    byte[] txtBytes = info.getTextBytes();
    if (txtBytes != null && txtBytes.length > MAX_TXT_BYTES) {
      problem(
          what
              + " has a TXT record of "
              + txtBytes.length
              + " bytes; only the first "
              + MAX_TXT_BYTES
              + " were read");
    }
    Map<String, String> txt = txt(txtBytes);
    Inet4Address[] addresses = info.getInet4Addresses();
    if (addresses.length == 0) {
      return; // resolved before its address record: JmDNS tells again once it has it
    }
    String path = txt.get("path");
    if (path == null) {
      return; // resolved before its TXT record: JmDNS tells again once it has it
    }
    if (!PATH.matcher(path).matches()) {
      problem(what + " announces an endpoint path that is not one: " + path);
      return;
    }
    String scheme = txt.getOrDefault("scheme", "http");
    if (!scheme.equals("http") && !scheme.equals("https")) {
      problem(what + " announces the scheme " + scheme + ": not http or https");
      return;
    }
    int port = info.getPort();
    if (port < 1 || port > 65535) {
      problem(what + " announces port " + port);
      return;
    }
    String name = txt.get("ie");
    if (name == null || !NAME.matcher(name).matches()) {
      name = instance;
    }
    String host = addresses[0].getHostAddress();
    String endpoint = scheme + "://" + host + ":" + port + path;
    Found f =
        new Found(name, instance, host, port, endpoint, network.getHostAddress(), clock.instant());
    String key = instance + "@" + host;
    synchronized (this) {
      if (!found.containsKey(key) && found.size() >= MAX_ELEMENTS) {
        ignored++;
        return;
      }
      found.put(key, f);
    }
  }

  /** An IE withdrew its announcement (or JmDNS's cache let it go). */
  private synchronized void withdrawn(String instance, InetAddress network) {
    found
        .values()
        .removeIf(
            f -> f.instance().equals(instance) && f.network().equals(network.getHostAddress()));
  }

  /** Drops the IEs not heard for {@link #EXPIRY}. */
  private synchronized void expire() {
    Instant oldest = clock.instant().minus(EXPIRY);
    found.values().removeIf(f -> f.heard().isBefore(oldest));
  }

  /** What is found now, the IEs by name. */
  public synchronized Snapshot snapshot() {
    expire();
    List<Found> list = new ArrayList<>(found.values());
    list.sort(Comparator.comparing(Found::ie).thenComparing(Found::host));
    return new Snapshot(
        list,
        ignored,
        List.copyOf(problems),
        moreProblems,
        networks.stream().map(InetAddress::getHostAddress).toList());
  }

  private synchronized void problem(String p) {
    if (problems.size() >= MAX_PROBLEMS) {
      moreProblems++;
      return;
    }
    problems.add(p);
  }

  /**
   * The keys of a TXT record read from at most {@link #MAX_TXT_BYTES} bytes: DNS strings of {@code
   * key=value}, the first of each key kept, values cleaned.
   */
  static Map<String, String> txt(byte[] bytes) {
    Map<String, String> out = new LinkedHashMap<>();
    if (bytes == null) {
      return out;
    }
    int end = Math.min(bytes.length, MAX_TXT_BYTES);
    int i = 0;
    while (i < end && out.size() < 16) {
      int len = bytes[i] & 0xff;
      int from = i + 1;
      int to = Math.min(end, from + len);
      String entry = new String(bytes, from, to - from, StandardCharsets.UTF_8);
      int eq = entry.indexOf('=');
      if (eq > 0) {
        out.putIfAbsent(
            clean(entry.substring(0, eq)).toLowerCase(java.util.Locale.ROOT),
            clean(entry.substring(eq + 1)));
      }
      i = to;
    }
    return out;
  }

  /** At most {@link #MAX_TEXT} characters, printable ASCII only ({@code ...} if cut). */
  static String clean(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(Math.min(s.length(), MAX_TEXT));
    for (int i = 0; i < s.length() && b.length() < MAX_TEXT; i++) {
      char c = s.charAt(i);
      b.append(c >= 0x20 && c < 0x7f ? c : '?');
    }
    return s.length() > MAX_TEXT ? b + "..." : b.toString();
  }

  private static void closeQuietly(JmDNS j) {
    try {
      j.close();
    } catch (IOException | RuntimeException e) {
      // going away either way
    }
  }

  /** Stops browsing. */
  @Override
  public void close() {
    List<JmDNS> old;
    synchronized (this) {
      closed = true;
      old = new ArrayList<>(browsers);
      browsers.clear();
      if (worker != null) {
        worker.shutdownNow();
      }
    }
    old.forEach(FoundElements::closeQuietly);
  }
}
