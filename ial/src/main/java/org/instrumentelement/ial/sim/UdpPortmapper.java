package org.instrumentelement.ial.sim;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.function.IntSupplier;
import org.instrumentelement.ial.vxi11.RpcFormatException;
import org.instrumentelement.ial.vxi11.RpcMessages;
import org.instrumentelement.ial.vxi11.XdrEncoder;

/**
 * The portmapper over UDP, on the same port as the TCP one, where VISA's find sends its broadcast
 * (GETPORT for VXI-11). It listens on the simulator's address and on that network's broadcast
 * address, and answers from the simulator's address, so that the reply names the host that serves
 * the instruments.
 */
final class UdpPortmapper implements AutoCloseable {
  private final IntSupplier vxi11Port;
  private final ExecutorService threads;
  private final List<DatagramSocket> sockets = new ArrayList<>();
  private DatagramSocket unicast;

  UdpPortmapper(IntSupplier vxi11Port, ExecutorService threads) {
    this.vxi11Port = vxi11Port;
    this.threads = threads;
  }

  /**
   * Binds {@code host:port} and, for a single address, its network's broadcast address too.
   *
   * @param broadcast the broadcast address of {@code host}'s network, or null (wildcard host)
   */
  void start(InetAddress host, InetAddress broadcast, int port) throws IOException {
    unicast = bind(host, port);
    if (broadcast != null && !broadcast.equals(host)) {
      bind(broadcast, port);
    }
    for (DatagramSocket s : sockets) {
      threads.execute(() -> serve(s));
    }
  }

  private DatagramSocket bind(InetAddress address, int port) throws SocketException {
    DatagramSocket s = new DatagramSocket(null);
    s.setReuseAddress(true);
    try {
      s.bind(new InetSocketAddress(address, port));
    } catch (SocketException e) {
      s.close();
      close();
      throw e;
    }
    sockets.add(s);
    return s;
  }

  private void serve(DatagramSocket s) {
    byte[] buf = new byte[1024];
    while (!s.isClosed()) {
      DatagramPacket p = new DatagramPacket(buf, buf.length);
      try {
        s.receive(p);
      } catch (IOException e) {
        return; // closed
      }
      try {
        RpcMessages.Call call =
            RpcMessages.parseCall(java.util.Arrays.copyOf(p.getData(), p.getLength()));
        XdrEncoder reply = PortmapperServer.answer(call, vxi11Port.getAsInt());
        byte[] bytes = reply.toByteArray();
        unicast.send(new DatagramPacket(bytes, bytes.length, p.getSocketAddress()));
      } catch (RpcFormatException e) {
        // not an RPC call: a portmapper drops it
      } catch (IOException e) {
        // the asker is gone
      }
    }
  }

  @Override
  public void close() {
    sockets.forEach(DatagramSocket::close);
    sockets.clear();
  }
}
