package org.instrumentelement.ial.sim;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;

/**
 * A listening socket with one thread per connection, all of which end when it closes: the part
 * every simulated protocol server shares.
 */
abstract class TcpServer implements AutoCloseable {
  private final ExecutorService threads;
  private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
  private volatile ServerSocket server;

  TcpServer(ExecutorService threads) {
    this.threads = threads;
  }

  /** Serves one connection until it ends; an IOException just ends it. */
  protected abstract void serve(Socket connection) throws IOException;

  /** Binds and starts accepting; port 0 picks a free one. */
  final void start(InetAddress host, int port) throws IOException {
    ServerSocket s = new ServerSocket();
    s.setReuseAddress(true); // a restarted simulator gets its old port back at once
    s.bind(new InetSocketAddress(host, port));
    server = s;
    threads.execute(() -> acceptLoop(s));
  }

  /** The port listened on. */
  final int port() {
    return server.getLocalPort();
  }

  private void acceptLoop(ServerSocket s) {
    while (!s.isClosed()) {
      Socket c;
      try {
        c = s.accept();
        c.setTcpNoDelay(true);
        c.setSendBufferSize(1 << 20);
      } catch (IOException e) {
        return; // closed
      }
      connections.add(c);
      threads.execute(
          () -> {
            try {
              serve(c);
            } catch (IOException | RuntimeException e) {
              // the connection ends; the client sees it closed
            } finally {
              drop(c);
            }
          });
    }
  }

  /** Closes one connection, as a power cut or a protocol violation does. */
  final void drop(Socket c) {
    connections.remove(c);
    try {
      c.close();
    } catch (IOException e) {
      // already gone
    }
  }

  /** Stops listening and cuts every connection. */
  @Override
  public void close() {
    ServerSocket s = server;
    if (s != null) {
      try {
        s.close();
      } catch (IOException e) {
        // already closed
      }
    }
    for (Socket c : connections) {
      drop(c);
    }
  }
}
