package org.instrumentelement.ial.discovery;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MulticastSocket;
import java.net.NetworkInterface;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.instrumentelement.ial.vxi11.RpcMessages;
import org.junit.jupiter.api.Test;

/**
 * Hostile and malformed answers on the loopback network cost discovery a bounded time and a capped
 * report, and never crash it: thousands of portmapper replies (garbage, other calls', valid ones),
 * a reply from outside the network asked, and an mDNS responder flooding services, a huge TXT
 * record, a name loop and a service pointing off the network.
 */
class HostileAnswersIT {

  @Test
  void aFloodOfPortmapperRepliesIsCappedAndReported() throws Exception {
    try (DatagramSocket hostile = new DatagramSocket(null)) {
      hostile.bind(new InetSocketAddress(InetAddress.getByName("127.255.255.255"), 0));
      int port = hostile.getLocalPort();
      Thread flood =
          responder(
              hostile,
              (call, asker) -> {
                for (int i = 0; i < 6000; i++) {
                  byte[] reply =
                      switch (i % 3) {
                        case 0 -> new byte[] {1, 2, 3};
                        case 1 ->
                            RpcMessages.acceptedReply(call.xid() + 1, RpcMessages.SUCCESS)
                                .putInt(1)
                                .toByteArray();
                        default ->
                            RpcMessages.acceptedReply(call.xid(), RpcMessages.SUCCESS)
                                .putInt(1 + i % 1000)
                                .toByteArray();
                      };
                  send(reply, asker);
                }
              });
      DiscoveryLimits limits =
          new DiscoveryLimits(
              500,
              256,
              256,
              16,
              8,
              128,
              1024,
              4096,
              64,
              Duration.ofMillis(300),
              4,
              Duration.ofMillis(300),
              100);
      long started = System.nanoTime();
      DiscoveryReport r =
          InstrumentDiscovery.builder()
              .interfaces(List.of("127.0.0.1"))
              .mdns(false)
              .portmapperPort(port)
              .timeout(Duration.ofSeconds(2))
              .limits(limits)
              .build()
              .run();
      flood.join(5000);
      String text = r.toText();
      assertTrue(Duration.ofNanos(System.nanoTime() - started).toSeconds() < 10, text);
      assertTrue(text.contains("more than 500 replies"), text);
      assertTrue(text.contains("malformed"), text);
      assertTrue(r.instruments().size() <= 1, "one host, whatever it claims: " + text);
    }
  }

  @Test
  void aReplyFromOutsideTheNetworkAskedIsNotTrusted() throws Exception {
    Inet4Address outside = nonLoopbackAddress();
    assumeTrue(outside != null, "skipped: this host has no address besides the loopback");
    try (DatagramSocket listener = new DatagramSocket(null);
        DatagramSocket spoofer = new DatagramSocket(new InetSocketAddress(outside, 0))) {
      listener.bind(new InetSocketAddress(InetAddress.getByName("127.255.255.255"), 0));
      Thread t =
          responder(
              listener,
              (call, asker) -> {
                byte[] reply =
                    RpcMessages.acceptedReply(call.xid(), RpcMessages.SUCCESS)
                        .putInt(4000)
                        .toByteArray();
                // The answer comes from this host's other address: off the loopback network.
                spoofer.send(new DatagramPacket(reply, reply.length, asker));
              });
      DiscoveryReport r =
          InstrumentDiscovery.builder()
              .interfaces(List.of("127.0.0.1"))
              .mdns(false)
              .portmapperPort(listener.getLocalPort())
              .timeout(Duration.ofSeconds(1))
              .build()
              .run();
      t.join(3000);
      String text = r.toText();
      assertTrue(text.contains("a reply from " + outside.getHostAddress()), text);
      assertTrue(text.contains("was not trusted"), text);
      assertTrue(r.instruments().isEmpty(), text);
    }
  }

  @Test
  void aHostileMdnsResponderCostsBoundedTimeAndIsReported() throws Exception {
    InetAddress lo = InetAddress.getByName("127.0.0.1");
    InetSocketAddress group = new InetSocketAddress(InetAddress.getByName("224.0.0.251"), 5353);
    AtomicBoolean stop = new AtomicBoolean();
    List<byte[]> packets = new java.util.ArrayList<>();
    String type = "_scpi-raw._tcp.local.";
    byte[] hugeTxt = new byte[6000];
    for (int i = 0; i < hugeTxt.length; i += 100) {
      hugeTxt[i] = 99;
      java.util.Arrays.fill(hugeTxt, i + 1, i + 100, (byte) 'z');
    }
    // The worst first, then the flood: the services past the limit are the flood's.
    packets.add(
        new DnsResponse()
            .ptr(type, "Far away")
            .srv("Far away." + type, 5025, "far.local.")
            .txt("Far away." + type, new byte[] {0})
            .a("far.local.", 10, 9, 9, 9)
            .ptr(type, "Huge TXT")
            .srv("Huge TXT." + type, 5025, "huge.local.")
            .txt("Huge TXT." + type, hugeTxt)
            .a("huge.local.", 127, 0, 0, 67)
            .bytes());
    packets.add(new DnsResponse().loop().bytes());
    DnsResponse p = new DnsResponse();
    for (int i = 0; i < 1200; i++) {
      String instance = "Flood " + i;
      String full = instance + "." + type;
      p.ptr(type, instance)
          .srv(full, 9000 + i % 100, "flood.local.")
          .txt(full, new byte[] {9, 't', 'x', 't', 'v', 'e', 'r', 's', '=', '1'});
      if (p.size() > 7000) {
        packets.add(p.a("flood.local.", 127, 0, 0, 66).bytes());
        p = new DnsResponse();
      }
    }
    try (MulticastSocket sender = new MulticastSocket(new InetSocketAddress(lo, 0))) {
      sender.setNetworkInterface(NetworkInterface.getByInetAddress(lo));
      sender.setTimeToLive(1);
      Thread t =
          new Thread(
              () -> {
                try {
                  while (!stop.get()) {
                    for (byte[] packet : packets) {
                      sender.send(new DatagramPacket(packet, packet.length, group));
                    }
                    Thread.sleep(400);
                  }
                } catch (IOException | InterruptedException e) {
                  // the test ends
                }
              });
      t.start();
      long started = System.nanoTime();
      DiscoveryReport r;
      try {
        r =
            InstrumentDiscovery.builder()
                .interfaces(List.of("127.0.0.1"))
                .portmapperBroadcast(false)
                .timeout(Duration.ofSeconds(4))
                .build()
                .run();
      } finally {
        stop.set(true);
        t.join(2000);
      }
      String text = r.toText();
      long took = Duration.ofNanos(System.nanoTime() - started).toSeconds();
      assertTrue(took < 15, took + " s: " + text);
      assertTrue(text.contains("points at 10.9.9.9, outside that network: not contacted"), text);
      assertTrue(text.contains("\"Huge TXT\" has a TXT record of 6000 bytes"), text);
      assertTrue(text.contains("ignored"), "the flood past the limit of services: " + text);
      assertTrue(text.contains("more ports than the limit of 16 per host dropped"), text);
      assertTrue(r.instruments().size() <= DiscoveryLimits.DEFAULTS.maxHosts(), text);
      assertTrue(r.problems().size() <= DiscoveryLimits.DEFAULTS.maxProblems() + 2, text);
    }
  }

  private interface Answer {
    void send(RpcMessages.Call call, java.net.SocketAddress asker) throws IOException;
  }

  /** Waits for one portmapper call on {@code socket} and answers it as {@code answer} says. */
  private static Thread responder(DatagramSocket socket, Answer answer) {
    Thread t =
        new Thread(
            () -> {
              byte[] buf = new byte[512];
              DatagramPacket p = new DatagramPacket(buf, buf.length);
              try {
                socket.setSoTimeout(5000);
                socket.receive(p);
                RpcMessages.Call call =
                    RpcMessages.parseCall(java.util.Arrays.copyOf(buf, p.getLength()));
                answer.send(call, p.getSocketAddress());
              } catch (SocketTimeoutException e) {
                // nobody asked
              } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
              }
            });
    t.start();
    return t;
  }

  private static void send(byte[] reply, java.net.SocketAddress to) throws IOException {
    try (DatagramSocket s =
        new DatagramSocket(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0))) {
      s.send(new DatagramPacket(reply, reply.length, to));
    }
  }

  private static Inet4Address nonLoopbackAddress() throws IOException {
    for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (nic.isUp() && !nic.isLoopback()) {
        for (InetAddress a : Collections.list(nic.getInetAddresses())) {
          if (a instanceof Inet4Address v4) {
            return v4;
          }
        }
      }
    }
    return null;
  }
}
