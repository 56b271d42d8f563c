package org.instrumentelement.ie.pubsub.transport;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import javax.net.ServerSocketFactory;
import javax.net.ssl.SSLServerSocketFactory;
import org.apache.activemq.transport.Transport;
import org.apache.activemq.transport.tcp.TcpTransportFactory;
import org.apache.activemq.transport.tcp.TcpTransportServer;
import org.apache.activemq.wireformat.WireFormat;

/**
 * Accepts client sockets for one protocol, plain or TLS (the server socket factory decides): a
 * socket over the connection quota is closed at once, before anything is read from it (for TLS,
 * before the handshake); the others are read through a {@link FrameLimitedTransport}.
 */
final class GuardedTransportServer extends TcpTransportServer {
  private final ClientProtocol protocol;
  private final ConnectionQuota quota;
  private final int maxFrameBytes;
  private final Duration handshakeTimeout;
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
      Duration handshakeTimeout,
      Refusals refusals)
      throws IOException, URISyntaxException {
    super(factory, location, sockets);
    this.protocol = protocol;
    this.quota = quota;
    this.maxFrameBytes = maxFrameBytes;
    this.handshakeTimeout = handshakeTimeout;
    this.refusals = refusals;
  }

  @Override
  protected void handleSocket(Socket socket) {
    try {
      admitted = quota.admit(socket.getInetAddress());
    } catch (ConnectionQuota.QuotaExceeded e) {
      refusals.refuse(
          protocol.title(isSslServer()),
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
    return new FrameLimitedTransport(
        format, socket, protocol, maxFrameBytes, handshakeTimeout, ticket, refusals);
  }

  @Override
  public boolean isSslServer() {
    return serverSocketFactory instanceof SSLServerSocketFactory;
  }
}
