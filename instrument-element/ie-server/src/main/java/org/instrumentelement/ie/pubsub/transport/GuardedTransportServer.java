package org.instrumentelement.ie.pubsub.transport;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import javax.net.ServerSocketFactory;
import org.apache.activemq.transport.Transport;
import org.apache.activemq.transport.tcp.TcpTransportFactory;
import org.apache.activemq.transport.tcp.TcpTransportServer;
import org.apache.activemq.wireformat.WireFormat;

/**
 * Accepts client sockets for one protocol: a socket over the connection quota is closed at once,
 * before anything is read from it; the others are read through a {@link FrameLimitedTransport}.
 */
final class GuardedTransportServer extends TcpTransportServer {
  private final ClientProtocol protocol;
  private final ConnectionQuota quota;
  private final int maxFrameBytes;
  private final Refusals refusals;

  /**
   * The ticket of the socket being handled, passed from {@link #handleSocket} to {@link
   * #createTransport}: both run on the server's one socket-handling thread.
   */
  private ConnectionQuota.Ticket admitted;

  GuardedTransportServer(
      TcpTransportFactory factory,
      URI location,
      ServerSocketFactory sockets,
      ClientProtocol protocol,
      ConnectionQuota quota,
      int maxFrameBytes,
      Refusals refusals)
      throws IOException, URISyntaxException {
    super(factory, location, sockets);
    this.protocol = protocol;
    this.quota = quota;
    this.maxFrameBytes = maxFrameBytes;
    this.refusals = refusals;
  }

  @Override
  protected void handleSocket(Socket socket) {
    try {
      admitted = quota.admit(socket.getInetAddress());
    } catch (ConnectionQuota.QuotaExceeded e) {
      refusals.refuse(
          protocol.toString(),
          socket.getInetAddress().getHostAddress() + ":" + socket.getPort(),
          null,
          "connection",
          null,
          e.getMessage());
      try {
        socket.close();
      } catch (IOException ignored) {
        // already gone
      }
      return;
    }
    try {
      super.handleSocket(socket);
    } finally {
      // Not taken by a transport: the socket was not handed on.
      if (admitted != null) {
        admitted.release();
        admitted = null;
      }
    }
  }

  @Override
  protected Transport createTransport(Socket socket, WireFormat format) throws IOException {
    ConnectionQuota.Ticket ticket = admitted;
    admitted = null;
    return new FrameLimitedTransport(format, socket, protocol, maxFrameBytes, ticket, refusals);
  }
}
