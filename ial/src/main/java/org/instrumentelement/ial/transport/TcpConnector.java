package org.instrumentelement.ial.transport;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.NoRouteToHostException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import org.instrumentelement.ial.InstrumentException;

/** Opens the TCP connections of every LAN transport, with the same options and error messages. */
public final class TcpConnector {
  /** Large enough that a waveform streams without the window closing on a 2-core machine. */
  private static final int SOCKET_BUFFER = 1 << 20;

  private TcpConnector() {}

  /**
   * Connects to {@code host:port} before the deadline, with Nagle's algorithm off (a query is a few
   * bytes that must leave at once).
   *
   * @param what the instrument, for messages ("TCPIP::10.0.0.5::5025::SOCKET")
   * @throws InstrumentException if the host is unknown, refuses, or does not answer in time
   */
  public static Socket connect(String host, int port, Deadline deadline, String what)
      throws InstrumentException {
    int connectTimeout = deadline.socketTimeoutMillis(what + ": connecting");
    Socket socket = new Socket();
    try {
      socket.setTcpNoDelay(true);
      socket.setKeepAlive(true);
      socket.setReceiveBufferSize(SOCKET_BUFFER);
      socket.setSendBufferSize(SOCKET_BUFFER);
      socket.connect(new InetSocketAddress(host, port), connectTimeout);
      return socket;
    } catch (UnknownHostException e) {
      closeQuietly(socket);
      throw new InstrumentException(what + ": unknown host " + host, e);
    } catch (ConnectException | NoRouteToHostException e) {
      closeQuietly(socket);
      throw new InstrumentException(
          what + ": " + host + ":" + port + " is not reachable (" + e.getMessage() + ")", e);
    } catch (SocketTimeoutException e) {
      closeQuietly(socket);
      throw new InstrumentException(
          what
              + ": "
              + host
              + ":"
              + port
              + " did not accept a connection within "
              + deadline.budgetMillis()
              + " ms",
          e);
    } catch (IOException e) {
      closeQuietly(socket);
      throw new InstrumentException(
          what + ": cannot connect to " + host + ":" + port + ": " + e, e);
    }
  }

  /** Closes a socket, ignoring failures: it is being abandoned anyway. */
  public static void closeQuietly(Socket socket) {
    if (socket != null) {
      try {
        socket.close();
      } catch (IOException e) {
        // nothing to do: the connection is gone either way
      }
    }
  }
}
