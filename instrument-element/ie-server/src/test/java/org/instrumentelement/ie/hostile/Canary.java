package org.instrumentelement.ie.hostile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local listener that hostile inputs name as an external resource (entity, DTD, XInclude, MTOM
 * part): any connection to it means the IE fetched something a request pointed at.
 */
final class Canary {
  private static final ServerSocket SOCKET = open();
  private static final AtomicInteger CONNECTIONS = new AtomicInteger();

  /** An http:// address on the listener. */
  static final String URL = "http://127.0.0.1:" + SOCKET.getLocalPort() + "/canary";

  static {
    Thread t =
        new Thread(
            () -> {
              while (!SOCKET.isClosed()) {
                try (Socket s = SOCKET.accept()) {
                  CONNECTIONS.incrementAndGet();
                } catch (IOException e) {
                  return;
                }
              }
            },
            "canary");
    t.setDaemon(true);
    t.start();
  }

  private Canary() {}

  private static ServerSocket open() {
    try {
      return new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Connections made to the listener so far. */
  static int connections() {
    return CONNECTIONS.get();
  }
}
