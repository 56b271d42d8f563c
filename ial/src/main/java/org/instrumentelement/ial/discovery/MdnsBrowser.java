package org.instrumentelement.ial.discovery;

import java.io.IOException;
import java.net.Inet4Address;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.jmdns.JmDNS;
import javax.jmdns.ServiceEvent;
import javax.jmdns.ServiceInfo;
import javax.jmdns.ServiceListener;
import org.instrumentelement.ial.transport.Deadline;

/**
 * Browses the LXI service types with JmDNS on one network until the deadline. Each service resolved
 * becomes a candidate at the addresses it names, if they are on that network; a service naming an
 * address elsewhere is reported (with the network it was heard on and the host name it gave) and
 * never contacted. JmDNS does not tell which address sent an answer, only which interface heard it,
 * so the network is what an answer is judged by.
 *
 * <p>JmDNS calls every listener on one thread of its own, so nothing waits there: the resolution of
 * an announced service is asked for on a thread of this browser. (JmDNS's {@code
 * requestServiceInfo} waits up to 6 s for a service whose records have not all come: on JmDNS's
 * thread that wait held back every resolution queued behind it, and 6 s is longer than a
 * discovery's deadline.)
 */
final class MdnsBrowser {
  private MdnsBrowser() {}

  /**
   * How long asking for one service's records waits for them on the resolving thread: JmDNS tells
   * the listener when they come whatever the wait, so the wait only spaces the questions.
   */
  private static final long RESOLVE_WAIT_MILLIS = 200;

  /** Browses {@code network} until the deadline; closes JmDNS before returning. */
  static void run(
      LinkNetwork network,
      Deadline deadline,
      DiscoveryLimits limits,
      AtomicInteger services,
      Findings findings) {
    JmDNS jmdns;
    try {
      jmdns = JmDNS.create(network.address(), "ie-discovery");
    } catch (IOException e) {
      findings.problem("mDNS on " + network + " could not start: " + e.getMessage());
      return;
    }
    Set<String> seen = ConcurrentHashMap.newKeySet();
    Set<String> asked = ConcurrentHashMap.newKeySet();
    AtomicInteger dropped = new AtomicInteger();
    ExecutorService resolving =
        Executors.newSingleThreadExecutor(DaemonThreads.named("discovery-mdns-resolve"));
    ServiceListener listener =
        new ServiceListener() {
          @Override
          public void serviceAdded(ServiceEvent event) {
            String key = event.getType() + "/" + event.getName();
            // At most the limit's services are asked for: a flood of announcements costs no more.
            if (seen.size() < limits.maxServices()
                && asked.size() < limits.maxServices()
                && asked.add(key)) {
              try {
                resolving.execute(
                    () ->
                        jmdns.requestServiceInfo(
                            event.getType(), event.getName(), false, RESOLVE_WAIT_MILLIS));
              } catch (RejectedExecutionException over) {
                // heard after the deadline: the browse is over
              }
            }
          }

          @Override
          public void serviceRemoved(ServiceEvent event) {}

          @Override
          public void serviceResolved(ServiceEvent event) {
            // JmDNS resolves on its own too, and may tell twice (before and after the TXT record).
            String key = event.getType() + "/" + event.getName();
            if (!seen.contains(key)) {
              if (seen.size() >= limits.maxServices()
                  || services.incrementAndGet() > limits.maxServices()) {
                dropped.incrementAndGet();
                return;
              }
              seen.add(key);
            }
            ServiceInfo info = event.getInfo();
            if (info != null && info.getInet4Addresses().length > 0) {
              resolved(info, network, limits, findings);
            }
          }
        };
    try {
      for (String type : LxiServices.TYPES) {
        jmdns.addServiceListener(type, listener);
      }
      sleepUntil(deadline);
    } finally {
      for (String type : LxiServices.TYPES) {
        jmdns.removeServiceListener(type, listener);
      }
      resolving.shutdownNow();
      try {
        // JmDNS ignores interrupts: the question being asked ends within its wait.
        resolving.awaitTermination(RESOLVE_WAIT_MILLIS * 5, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      try {
        jmdns.close();
      } catch (IOException e) {
        // going away either way
      }
    }
    if (dropped.get() > 0) {
      findings.problem(
          "mDNS on "
              + network
              + ": "
              + dropped.get()
              + " more service announcements than the limit of "
              + limits.maxServices()
              + " ignored");
    }
  }

  /** Waits for answers: JmDNS collects them on its own threads meanwhile. */
  private static void sleepUntil(Deadline deadline) {
    try {
      while (!deadline.expired()) {
        Thread.sleep(Math.max(1, Math.min(100, deadline.remainingMillis())));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static void resolved(
      ServiceInfo info, LinkNetwork network, DiscoveryLimits limits, Findings findings) {
    String type = LxiServices.shortName(info.getType());
    String name = UntrustedText.clean(info.getName(), limits.maxNameLength());
    String what = "mDNS " + type + " \"" + name + "\"";
    txt(info.getTextBytes(), limits, what, findings); // read for its size: a huge one is reported
    Candidate.Transport transport =
        switch (info.getType()) {
          case LxiServices.VXI11 -> Candidate.Transport.VXI11;
          case LxiServices.HISLIP -> Candidate.Transport.HISLIP;
          case LxiServices.SCPI_RAW -> Candidate.Transport.SOCKET;
          default -> null; // _lxi._tcp: the web page; the instrument's protocols come on their own
        };
    Inet4Address[] addresses = info.getInet4Addresses();
    if (addresses.length == 0) {
      findings.problem(what + " heard on " + network + " names no IPv4 address");
      return;
    }
    int port = info.getPort();
    for (Inet4Address a : addresses) {
      if (!network.contains(a)) {
        findings.problem(
            what
                + " heard on "
                + network
                + " (host "
                + UntrustedText.clean(info.getServer(), limits.maxNameLength())
                + ") points at "
                + a.getHostAddress()
                + ", outside that network: not contacted");
        continue;
      }
      if (transport == null) {
        continue;
      }
      if (port < 1 || port > 65535) {
        findings.problem(what + " announces port " + port + ": ignored");
        continue;
      }
      findings.add(new Candidate(a.getHostAddress(), transport, port, -1, what + " on " + network));
    }
  }

  /**
   * The LXI identity keys of a TXT record, read from at most the limit's bytes: DNS strings of
   * {@code key=value}, each value cut to the name length.
   */
  static Map<String, String> txt(
      byte[] bytes, DiscoveryLimits limits, String what, Findings findings) {
    Map<String, String> out = new LinkedHashMap<>();
    if (bytes == null) {
      return out;
    }
    int end = bytes.length;
    if (end > limits.maxTxtBytes()) {
      findings.problem(
          what
              + " has a TXT record of "
              + end
              + " bytes; only the first "
              + limits.maxTxtBytes()
              + " were read");
      end = limits.maxTxtBytes();
    }
    int i = 0;
    while (i < end) {
      int len = bytes[i] & 0xff;
      int from = i + 1;
      int to = Math.min(end, from + len);
      String entry = new String(bytes, from, to - from, StandardCharsets.UTF_8);
      int eq = entry.indexOf('=');
      if (eq > 0) {
        String key = entry.substring(0, eq);
        for (String wanted :
            new String[] {
              LxiServices.MANUFACTURER,
              LxiServices.MODEL,
              LxiServices.SERIAL_NUMBER,
              LxiServices.FIRMWARE_VERSION
            }) {
          if (key.equalsIgnoreCase(wanted) && !out.containsKey(wanted)) {
            out.put(wanted, UntrustedText.clean(entry.substring(eq + 1), limits.maxNameLength()));
          }
        }
      }
      i = to;
    }
    return out;
  }
}
