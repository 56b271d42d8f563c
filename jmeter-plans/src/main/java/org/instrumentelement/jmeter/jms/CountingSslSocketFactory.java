package org.instrumentelement.jmeter.jms;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import javax.net.ssl.SSLSocketFactory;

/**
 * TLS sockets layered over a {@link CountingSocket}, so that the bytes counted are those that cross
 * the wire: TLS records, with their headers, padding and handshake. Makes one connection (one
 * factory per transport) and remembers its counting socket.
 */
final class CountingSslSocketFactory extends SSLSocketFactory {
  private final SSLSocketFactory tls;
  private volatile CountingSocket counting;

  CountingSslSocketFactory(SSLSocketFactory tls) {
    this.tls = tls;
  }

  /** The counting socket under the TLS socket, or null before it connects. */
  CountingSocket counting() {
    return counting;
  }

  /** Refused: ActiveMQ then connects through {@link #createSocket(InetAddress, int)}. */
  @Override
  public Socket createSocket() throws IOException {
    throw new SocketException("only connected sockets");
  }

  @Override
  public Socket createSocket(Socket s, String host, int port, boolean autoClose)
      throws IOException {
    return tls.createSocket(s, host, port, autoClose);
  }

  @Override
  public Socket createSocket(String host, int port) throws IOException {
    return layered(new InetSocketAddress(host, port), host, null);
  }

  @Override
  public Socket createSocket(String host, int port, InetAddress local, int localPort)
      throws IOException {
    return layered(
        new InetSocketAddress(host, port), host, new InetSocketAddress(local, localPort));
  }

  @Override
  public Socket createSocket(InetAddress host, int port) throws IOException {
    return layered(new InetSocketAddress(host, port), host.getHostName(), null);
  }

  @Override
  public Socket createSocket(InetAddress host, int port, InetAddress local, int localPort)
      throws IOException {
    return layered(
        new InetSocketAddress(host, port),
        host.getHostName(),
        new InetSocketAddress(local, localPort));
  }

  private Socket layered(InetSocketAddress remote, String host, InetSocketAddress local)
      throws IOException {
    CountingSocket s = new CountingSocket();
    if (local != null) {
      s.bind(local);
    }
    s.connect(remote);
    counting = s;
    return tls.createSocket(s, host, remote.getPort(), true);
  }

  @Override
  public String[] getDefaultCipherSuites() {
    return tls.getDefaultCipherSuites();
  }

  @Override
  public String[] getSupportedCipherSuites() {
    return tls.getSupportedCipherSuites();
  }
}
