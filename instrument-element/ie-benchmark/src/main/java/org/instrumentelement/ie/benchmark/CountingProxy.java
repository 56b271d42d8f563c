package org.instrumentelement.ie.benchmark;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay on loopback that counts the bytes going each way: what a client and a server really
 * exchange on the wire (protocol headers and framing included).
 */
final class CountingProxy implements AutoCloseable {
  private final ServerSocket server;
  private final int targetPort;
  final AtomicLong toServer = new AtomicLong();
  final AtomicLong toClient = new AtomicLong();
  private volatile boolean open = true;

  CountingProxy(int targetPort) throws IOException {
    this.targetPort = targetPort;
    this.server = new ServerSocket(0);
    Thread t = new Thread(this::accept, "counting-proxy");
    t.setDaemon(true);
    t.start();
  }

  int port() {
    return server.getLocalPort();
  }

  private void accept() {
    while (open) {
      try {
        Socket client = server.accept();
        Socket upstream = new Socket("localhost", targetPort);
        client.setTcpNoDelay(true);
        upstream.setTcpNoDelay(true);
        pump(client.getInputStream(), upstream.getOutputStream(), toServer, client, upstream);
        pump(upstream.getInputStream(), client.getOutputStream(), toClient, client, upstream);
      } catch (IOException e) {
        return;
      }
    }
  }

  private static void pump(InputStream in, OutputStream out, AtomicLong count, Socket a, Socket b) {
    Thread t =
        new Thread(
            () -> {
              byte[] buf = new byte[65536];
              try {
                for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                  out.write(buf, 0, n);
                  out.flush();
                  count.addAndGet(n);
                }
              } catch (IOException e) {
                // connection closed
              } finally {
                try {
                  a.close();
                  b.close();
                } catch (IOException ignored) {
                  // closing anyway
                }
              }
            },
            "counting-proxy-pump");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public void close() throws IOException {
    open = false;
    server.close();
  }
}
