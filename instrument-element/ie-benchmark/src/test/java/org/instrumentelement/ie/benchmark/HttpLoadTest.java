package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * What the polling load counts as errors: a wrong answer, or a connection that broke under a
 * request; and that a paused load keeps its connections, so that a pause costs none.
 */
class HttpLoadTest {
  private static final byte[] REQUEST =
      "POST /p HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n"
          .getBytes(StandardCharsets.US_ASCII);

  @Test
  void aPausedClientKeepsItsConnection() throws Exception {
    try (KeepAliveServer server = new KeepAliveServer(200, 400)) {
      try (HttpLoad load =
          new HttpLoad(
              3, "localhost", server.port(), REQUEST, "MockArray", 9, Duration.ofMillis(150))) {
        awaitResponses(load, 10);
        load.pause();
        Thread.sleep(1_200); // three times as long as the server keeps an idle connection
        long before = load.responses.get();
        load.resume();
        awaitResponses(load, before + 10);
        assertEquals(0, load.errors.get(), () -> "errors; the last: " + load.lastError());
        assertEquals(3, server.connections(), "no client had to connect again");
      }
    }
  }

  @Test
  void aConnectionTheServerClosesIsAnError() throws Exception {
    // the server closes idle connections sooner than the paused clients keep them
    try (KeepAliveServer server = new KeepAliveServer(200, 100)) {
      try (HttpLoad load =
          new HttpLoad(
              2, "localhost", server.port(), REQUEST, "MockArray", 9, Duration.ofSeconds(10))) {
        awaitResponses(load, 10);
        load.pause();
        Thread.sleep(500);
        long before = load.responses.get();
        load.resume();
        awaitResponses(load, before + 10);
        assertEquals(2, load.errors.get(), "one per client whose request found it closed");
        assertEquals(4, server.connections());
      }
    }
  }

  @Test
  void aWrongAnswerIsAnError() throws Exception {
    try (KeepAliveServer server = new KeepAliveServer(500, 150)) {
      try (HttpLoad load = new HttpLoad(1, "localhost", server.port(), REQUEST, "MockArray", 9)) {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (load.errors.get() == 0 && System.nanoTime() < deadline) {
          Thread.sleep(10);
        }
        assertTrue(load.errors.get() > 0);
        assertEquals(0, load.responses.get());
        assertTrue(load.lastError().startsWith("status 500"), load.lastError());
      }
    }
  }

  private static void awaitResponses(HttpLoad load, long n) throws InterruptedException {
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (load.responses.get() < n && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertTrue(load.responses.get() >= n, "answers: " + load.responses.get());
  }

  /**
   * Answers every request on a kept-alive connection with {@code status} and a short body naming
   * MockArray, and closes a connection idle for {@code idleMillis}, as Tomcat's keep-alive timeout
   * does.
   */
  private static final class KeepAliveServer implements AutoCloseable {
    private final ServerSocket socket;
    private final int status;
    private final int idleMillis;
    private volatile int connections;

    KeepAliveServer(int status, int idleMillis) throws IOException {
      this.socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
      this.status = status;
      this.idleMillis = idleMillis;
      Thread t = new Thread(this::accept, "keep-alive-server");
      t.setDaemon(true);
      t.start();
    }

    int port() {
      return socket.getLocalPort();
    }

    int connections() {
      return connections;
    }

    private void accept() {
      while (!socket.isClosed()) {
        try {
          Socket c = socket.accept();
          connections++;
          Thread t = new Thread(() -> serve(c), "keep-alive-connection");
          t.setDaemon(true);
          t.start();
        } catch (IOException e) {
          return;
        }
      }
    }

    private void serve(Socket c) {
      byte[] body = "<v>MockArray</v>".getBytes(StandardCharsets.US_ASCII);
      byte[] head =
          ("HTTP/1.1 " + status + " X\r\nContent-Length: " + body.length + "\r\n\r\n")
              .getBytes(StandardCharsets.US_ASCII);
      try (c) {
        c.setSoTimeout(idleMillis);
        BufferedReader in =
            new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.UTF_8));
        OutputStream out = c.getOutputStream();
        while (true) {
          String line = in.readLine();
          if (line == null) {
            return;
          }
          while (!line.isEmpty()) {
            line = in.readLine();
          }
          out.write(head);
          out.write(body);
          out.flush();
        }
      } catch (SocketTimeoutException idle) {
        // closed, as an idle kept-alive connection is
      } catch (IOException e) {
        // the client went away
      }
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
