package org.instrumentelement.ial.discovery;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.instrumentelement.ial.transport.Deadline;

/**
 * Probes the addresses of given subnets for the instrument ports: 5025 (SCPI raw socket), 111 (the
 * portmapper, for VXI-11) and 4880 (HiSLIP), a TCP connect each with a short timeout, a bounded
 * number at once, for networks where neither broadcasts nor mDNS reach (routed subnets).
 */
final class SubnetProbe {
  private static final Pattern CIDR =
      Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})(?:/(\\d{1,2}))?");

  private SubnetProbe() {}

  /**
   * The host addresses of {@code 10.0.0.0/24} (network and broadcast addresses left out below /31),
   * or of a single address.
   *
   * @throws IllegalArgumentException if it is not an IPv4 CIDR block, or holds more than {@code
   *     max} addresses
   */
  static List<Inet4Address> hosts(String cidr, int max) {
    Matcher m = CIDR.matcher(cidr.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "'" + cidr + "' is not an IPv4 subnet such as 10.0.0.0/24");
    }
    int bits = 0;
    for (int i = 1; i <= 4; i++) {
      int octet = Integer.parseInt(m.group(i));
      if (octet > 255) {
        throw new IllegalArgumentException("'" + cidr + "' is not an IPv4 subnet");
      }
      bits = bits << 8 | octet;
    }
    int prefix = m.group(5) == null ? 32 : Integer.parseInt(m.group(5));
    if (prefix > 32) {
      throw new IllegalArgumentException("'" + cidr + "': a prefix is 0..32");
    }
    long size = 1L << (32 - prefix);
    long usable = prefix >= 31 ? size : size - 2;
    if (usable > max) {
      throw new IllegalArgumentException(
          "'" + cidr + "' holds " + usable + " addresses; at most " + max + " are probed");
    }
    int mask = prefix == 0 ? 0 : -1 << (32 - prefix);
    long first = (bits & mask) & 0xffffffffL;
    List<Inet4Address> out = new ArrayList<>();
    for (long a = first + (prefix >= 31 ? 0 : 1); out.size() < usable; a++) {
      out.add(address((int) a));
    }
    return out;
  }

  private static Inet4Address address(int bits) {
    try {
      return (Inet4Address)
          InetAddress.getByAddress(
              new byte[] {
                (byte) (bits >>> 24), (byte) (bits >>> 16), (byte) (bits >>> 8), (byte) bits
              });
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The ports probed, in order, and what each speaks. */
  record Port(int port, Candidate.Transport transport) {}

  static final List<Port> PORTS =
      List.of(
          new Port(5025, Candidate.Transport.SOCKET),
          new Port(111, Candidate.Transport.VXI11),
          new Port(4880, Candidate.Transport.HISLIP));

  /** Probes every address of the subnets until the deadline. */
  static void run(
      List<Inet4Address> addresses,
      List<Port> ports,
      Deadline deadline,
      DiscoveryLimits limits,
      Findings findings) {
    ExecutorService pool =
        Executors.newFixedThreadPool(
            Math.max(1, Math.min(limits.probeConcurrency(), addresses.size() * ports.size())),
            DaemonThreads.named("discovery-probe"));
    try {
      for (Inet4Address a : addresses) {
        for (Port p : ports) {
          pool.execute(() -> probe(a, p, deadline, limits, findings));
        }
      }
      pool.shutdown();
      if (!pool.awaitTermination(Math.max(1, deadline.remainingMillis()), TimeUnit.MILLISECONDS)) {
        findings.problem(
            "probing the subnets took longer than the time given; the rest was not probed");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      pool.shutdownNow();
    }
  }

  private static void probe(
      Inet4Address a, Port p, Deadline deadline, DiscoveryLimits limits, Findings findings) {
    int timeout = (int) Math.min(limits.probeTimeout().toMillis(), deadline.remainingMillis());
    if (timeout <= 0) {
      return;
    }
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(a, p.port()), timeout);
      findings.add(
          new Candidate(
              a.getHostAddress(), p.transport(), p.port(), -1, "probe of port " + p.port()));
    } catch (IOException e) {
      // nothing listens there
    }
  }
}
