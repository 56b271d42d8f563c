package org.instrumentelement.ial.discovery;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.transport.Deadline;
import org.instrumentelement.ial.vxi11.RpcMessages;
import org.instrumentelement.ial.vxi11.Vxi11Protocol;
import org.instrumentelement.ial.vxi11.XdrDecoder;

/**
 * VISA's way to find VXI-11 instruments: one portmapper GETPORT call for the VXI-11 core channel
 * (program 0x0607AF, version 1, TCP), broadcast over UDP to a network's port 111; every host whose
 * portmapper knows the program answers with its port (RFC 1833; python-vxi11's {@code list_devices}
 * and liblxi send the same call). A reply must carry the call's transaction id and come from the
 * network asked; others are counted, not trusted.
 */
final class PortmapperBroadcast {
  /** A GETPORT reply is 28 bytes; anything much longer is not one. */
  private static final int MAX_DATAGRAM = 512;

  private PortmapperBroadcast() {}

  /** The GETPORT call for the VXI-11 core channel over TCP, as one datagram. */
  static byte[] call(int xid) {
    return RpcMessages.call(
            xid,
            Vxi11Protocol.PORTMAPPER_PROGRAM,
            Vxi11Protocol.PORTMAPPER_VERSION,
            Vxi11Protocol.PORTMAPPER_GETPORT)
        .putInt(Vxi11Protocol.CORE_PROGRAM)
        .putInt(Vxi11Protocol.CORE_VERSION)
        .putInt(Vxi11Protocol.IPPROTO_TCP)
        .putInt(0)
        .toByteArray();
  }

  /**
   * The core channel's port a reply names: 0 if the portmapper does not know VXI-11.
   *
   * @throws InstrumentException if the datagram is not an accepted reply to call {@code xid}
   */
  static int port(byte[] datagram, int length, int xid) throws InstrumentException {
    byte[] record = java.util.Arrays.copyOf(datagram, length);
    int replyXid = RpcMessages.replyXid(record);
    if (replyXid != xid) {
      throw new InstrumentException("a reply to another call (xid " + replyXid + ")");
    }
    XdrDecoder results = RpcMessages.results(record);
    long port = results.getUnsignedInt();
    if (port > 65535) {
      throw new InstrumentException("port " + port + " is not a TCP port");
    }
    return (int) port;
  }

  /**
   * Broadcasts the call to {@code network} on {@code portmapperPort} and adds a candidate for every
   * host that answers with a port, until the deadline.
   *
   * @param replies the datagrams read so far, all networks together, against the limit
   */
  static void run(
      LinkNetwork network,
      int portmapperPort,
      Deadline deadline,
      DiscoveryLimits limits,
      AtomicInteger replies,
      Findings findings) {
    String where = network.broadcast().getHostAddress() + ":" + portmapperPort;
    int xid = ThreadLocalRandom.current().nextInt();
    try (DatagramSocket socket = new DatagramSocket(new InetSocketAddress(network.address(), 0))) {
      socket.setBroadcast(true);
      byte[] call = call(xid);
      socket.send(new DatagramPacket(call, call.length, network.broadcast(), portmapperPort));
      byte[] buf = new byte[MAX_DATAGRAM];
      int foreign = 0;
      int malformed = 0;
      while (!deadline.expired()) {
        DatagramPacket p = new DatagramPacket(buf, buf.length);
        socket.setSoTimeout(Math.max(1, deadline.remainingMillis()));
        try {
          socket.receive(p);
        } catch (SocketTimeoutException e) {
          break;
        }
        if (replies.incrementAndGet() > limits.maxReplies()) {
          findings.problem(
              "portmapper broadcast to "
                  + where
                  + ": more than "
                  + limits.maxReplies()
                  + " replies; the rest were not read");
          break;
        }
        String source = p.getAddress().getHostAddress();
        if (!network.contains(p.getAddress())) {
          if (foreign++ < 5) {
            findings.problem(
                "portmapper broadcast to "
                    + where
                    + ": a reply from "
                    + source
                    + ", outside "
                    + network
                    + ", was not trusted");
          }
          continue;
        }
        try {
          int port = port(p.getData(), p.getLength(), xid);
          if (port != 0) {
            findings.add(
                new Candidate(
                    source,
                    Candidate.Transport.VXI11,
                    portmapperPort,
                    port,
                    "portmapper broadcast to " + where));
          }
        } catch (InstrumentException e) {
          if (malformed++ < 5) {
            findings.problem(
                "portmapper broadcast to "
                    + where
                    + ": a reply from "
                    + source
                    + " dropped: "
                    + UntrustedText.clean(e.getMessage(), 120));
          }
        }
      }
      if (foreign > 5 || malformed > 5) {
        findings.problem(
            "portmapper broadcast to "
                + where
                + ": "
                + foreign
                + " replies from outside the network and "
                + malformed
                + " malformed ones in all");
      }
    } catch (IOException e) {
      findings.problem("portmapper broadcast to " + where + " failed: " + e.getMessage());
    }
  }
}
