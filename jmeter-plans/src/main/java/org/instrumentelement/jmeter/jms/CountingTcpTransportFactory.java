package org.instrumentelement.jmeter.jms;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.UnknownHostException;
import javax.net.SocketFactory;
import org.apache.activemq.transport.TransportFactory;
import org.apache.activemq.transport.tcp.TcpTransport;
import org.apache.activemq.transport.tcp.TcpTransportFactory;
import org.apache.activemq.wireformat.WireFormat;

/**
 * The {@code countingtcp://} scheme: ActiveMQ's plain TCP transport whose sockets count bytes, so a
 * subscriber can report the traffic it really received instead of an estimate from message sizes.
 * {@link #register} also registers {@code countingssl://} ({@link CountingSslTransportFactory}).
 */
public final class CountingTcpTransportFactory extends TcpTransportFactory {
  /** The URL scheme; {@code countingtcp://host:port} connects like {@code tcp://host:port}. */
  public static final String SCHEME = "countingtcp";

  private static boolean registered;

  /** Makes the schemes known to ActiveMQ (idempotent). */
  public static synchronized void register() {
    if (!registered) {
      TransportFactory.registerTransportFactory(SCHEME, new CountingTcpTransportFactory());
      TransportFactory.registerTransportFactory(
          CountingSslTransportFactory.SCHEME, new CountingSslTransportFactory());
      registered = true;
    }
  }

  /**
   * {@code tcp://host:port?x} becomes {@code countingtcp://host:port?x}, {@code ssl://...} becomes
   * {@code countingssl://...}; other URLs are refused.
   */
  public static String counting(String brokerUrl) {
    String u = brokerUrl.trim();
    if (u.startsWith("failover:(") && u.endsWith(")") && !u.contains(",")) {
      u = u.substring("failover:(".length(), u.length() - 1);
    }
    if (u.startsWith("tcp://")) {
      return SCHEME + u.substring("tcp".length());
    }
    if (u.startsWith("ssl://")) {
      return CountingSslTransportFactory.SCHEME + u.substring("ssl".length());
    }
    throw new IllegalArgumentException(
        "byte counting needs one tcp:// or ssl:// broker URL, not " + brokerUrl);
  }

  @Override
  protected SocketFactory createSocketFactory() {
    return new SocketFactory() {
      @Override
      public Socket createSocket() {
        return new CountingSocket();
      }

      @Override
      public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
      }

      @Override
      public Socket createSocket(String host, int port, InetAddress local, int localPort)
          throws IOException {
        return connected(
            new InetSocketAddress(host, port), new InetSocketAddress(local, localPort));
      }

      @Override
      public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
      }

      @Override
      public Socket createSocket(
          InetAddress address, int port, InetAddress localAddress, int localPort)
          throws IOException {
        return connected(
            new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
      }
    };
  }

  private static Socket connected(InetSocketAddress remote, InetSocketAddress local)
      throws IOException {
    Socket s = new CountingSocket();
    if (local != null) {
      s.bind(local);
    }
    s.connect(remote);
    return s;
  }

  @Override
  protected TcpTransport createTcpTransport(
      WireFormat wf, SocketFactory socketFactory, URI location, URI localLocation)
      throws UnknownHostException, IOException {
    return new CountingTcpTransport(wf, socketFactory, location, localLocation);
  }
}
