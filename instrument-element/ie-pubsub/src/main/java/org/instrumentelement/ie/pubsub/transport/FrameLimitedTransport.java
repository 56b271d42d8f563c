package org.instrumentelement.ie.pubsub.transport;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.PushbackInputStream;
import java.net.Socket;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Arrays;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocket;
import org.apache.activemq.transport.tcp.TcpTransport;
import org.apache.activemq.util.ServiceStopper;
import org.apache.activemq.wireformat.WireFormat;

/**
 * A client's socket, read one frame at a time within {@code maxFrameBytes}: a frame that declares
 * more is refused before anything is allocated for it, and one that reads more (however it is
 * built) is cut off. Either way the connection closes. Only what clients send is bounded; what the
 * broker sends them is not.
 *
 * <p>On a TLS socket the handshake is made first, within the login timeout (a client that connects
 * and never handshakes would otherwise hold the connection, since ActiveMQ cannot stop a connection
 * that is still starting), and the client's certificates are known afterwards ({@link
 * #getPeerCertificates}).
 */
final class FrameLimitedTransport extends TcpTransport {
  private final ClientProtocol protocol;
  private final int maxFrameBytes;
  private final Duration handshakeTimeout;
  private final ConnectionQuota.Ticket ticket;
  private final Refusals refusals;
  private PushbackInputStream ahead;
  private FrameBudget budget;

  FrameLimitedTransport(
      WireFormat format,
      Socket socket,
      ClientProtocol protocol,
      int maxFrameBytes,
      Duration handshakeTimeout,
      ConnectionQuota.Ticket ticket,
      Refusals refusals)
      throws IOException {
    super(format, socket);
    this.protocol = protocol;
    this.maxFrameBytes = maxFrameBytes;
    this.handshakeTimeout = handshakeTimeout;
    this.ticket = ticket;
    this.refusals = refusals;
  }

  @Override
  protected void initializeStreams() throws Exception {
    if (socket instanceof SSLSocket tls) {
      handshake(tls);
    }
    super.initializeStreams();
    ahead = new PushbackInputStream(dataIn, ClientProtocol.MAX_PEEK);
    budget = new FrameBudget(ahead);
    dataIn = new DataInputStream(budget);
  }

  @Override
  protected Object readCommand() throws IOException {
    try {
      long declared = protocol.declaredLength(ahead);
      if (declared > maxFrameBytes) {
        throw new FrameBudget.FrameTooLarge("a frame of " + declared + " bytes");
      }
      budget.startFrame((long) maxFrameBytes + ClientProtocol.FRAME_OVERHEAD);
      return super.readCommand();
    } catch (FrameBudget.FrameTooLarge e) {
      refusals.refuse(
          protocol.title(socket instanceof SSLSocket),
          Refusals.address(getRemoteAddress()),
          null,
          "frame",
          null,
          e.getMessage() + " (the limit is " + maxFrameBytes + "); connection closed");
      throw e;
    }
  }

  private void handshake(SSLSocket tls) throws IOException {
    int before = tls.getSoTimeout();
    tls.setSoTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, handshakeTimeout.toMillis())));
    try {
      tls.startHandshake();
    } catch (IOException e) {
      refusals.refuse(
          protocol.title(true),
          Refusals.address(getRemoteAddress()),
          null,
          "connection",
          null,
          TlsRefusal.reason(e) + "; connection closed");
      throw e;
    } finally {
      if (!tls.isClosed()) {
        tls.setSoTimeout(before);
      }
    }
  }

  /** The client's certificate chain, its own first; null without TLS or a client certificate. */
  @Override
  public X509Certificate[] getPeerCertificates() {
    if (!(socket instanceof SSLSocket tls)) {
      return null;
    }
    try {
      Certificate[] chain = tls.getSession().getPeerCertificates();
      return Arrays.stream(chain)
          .filter(X509Certificate.class::isInstance)
          .map(X509Certificate.class::cast)
          .toArray(X509Certificate[]::new);
    } catch (SSLPeerUnverifiedException e) {
      return null;
    }
  }

  @Override
  protected void doStop(ServiceStopper stopper) throws Exception {
    try {
      super.doStop(stopper);
    } finally {
      ticket.release();
    }
  }
}
