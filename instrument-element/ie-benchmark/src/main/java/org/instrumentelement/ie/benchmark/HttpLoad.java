package org.instrumentelement.ie.benchmark;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Polling clients as fast as they can: each thread keeps one HTTP/1.1 connection and sends the same
 * request again as soon as the answer is in. A minimal client (no SOAP toolkit) so that the load
 * generator, which shares the cores with the IE, costs little; every response is still checked
 * (status 200, the vector's length attribute, a body of the expected size).
 *
 * <p>{@link #errors} counts answers that failed: a wrong answer, or a connection that broke while a
 * request was under way. A paused client keeps its connection: every {@link #KEEP_ALIVE_POLL} of a
 * pause it sends one request (answered, checked and counted as any other), so that the IE, which
 * closes a connection idle for {@code http.connectionTimeout} (20 s), does not close it under a
 * client that would then find it closed when it sends again. Pauses between the windows of a
 * measurement are shorter than that, so nothing is sent in them.
 */
final class HttpLoad implements AutoCloseable {
  final AtomicLong responses = new AtomicLong();
  final AtomicLong errors = new AtomicLong();
  final AtomicLong responseBytes = new AtomicLong();
  private final List<Thread> threads = new ArrayList<>();
  private volatile boolean running = true;
  private volatile boolean paused;
  private final Object turn = new Object();
  private volatile String lastError;

  /** How long a paused client waits before it sends one request to keep its connection. */
  static final Duration KEEP_ALIVE_POLL = Duration.ofSeconds(10);

  private final long keepAliveNanos;

  /**
   * @param expect text every response body must contain
   * @param minBody smallest acceptable body
   */
  HttpLoad(int clients, String host, int port, byte[] request, String expect, int minBody) {
    this(clients, host, port, request, expect, minBody, KEEP_ALIVE_POLL);
  }

  /** With another interval of the requests that keep a paused client's connection (tests). */
  HttpLoad(
      int clients,
      String host,
      int port,
      byte[] request,
      String expect,
      int minBody,
      Duration keepAlive) {
    this.keepAliveNanos = keepAlive.toNanos();
    byte[] marker = expect.getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < clients; i++) {
      Thread t = new Thread(() -> run(host, port, request, marker, minBody), "poller-" + i);
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
  }

  private void run(String host, int port, byte[] request, byte[] marker, int minBody) {
    byte[] body = new byte[1 << 20];
    while (running) {
      try (Socket s = new Socket(host, port)) {
        s.setTcpNoDelay(true);
        s.setSoTimeout(30_000);
        OutputStream out = s.getOutputStream();
        ResponseReader in = new ResponseReader(new BufferedInputStream(s.getInputStream(), 65536));
        long sent = System.nanoTime();
        while (running) {
          awaitTurn(sent);
          if (!running) {
            break;
          }
          sent = System.nanoTime();
          out.write(request);
          out.flush();
          int status = in.readStatusAndHeaders();
          int n = in.readBody(body);
          if (status != 200 || n < minBody || indexOf(body, n, marker) < 0) {
            lastError =
                "status "
                    + status
                    + ", "
                    + n
                    + " bytes: "
                    + new String(body, 0, Math.min(n, 300), StandardCharsets.UTF_8);
            errors.incrementAndGet(); // after its text: whoever sees the count sees the error
          } else {
            responses.incrementAndGet();
            responseBytes.addAndGet(n);
          }
        }
      } catch (IOException e) {
        if (running) {
          lastError = e.toString();
          errors.incrementAndGet();
        }
      }
    }
  }

  /**
   * Stops sending after the requests under way (their answers are still read and counted), the
   * connections kept open, until {@link #resume()}; a pause shorter than the IE's {@code
   * http.connectionTimeout} (20 s) loses no connection.
   */
  void pause() {
    paused = true;
  }

  /** Sends again after {@link #pause()}. */
  void resume() {
    synchronized (turn) {
      paused = false;
      turn.notifyAll();
    }
  }

  /** Waits while the load is paused, at most until a request {@code sent} is due again. */
  private void awaitTurn(long sent) {
    if (!paused) {
      return;
    }
    synchronized (turn) {
      while (paused && running && System.nanoTime() - sent < keepAliveNanos) {
        try {
          turn.wait(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  String lastError() {
    return lastError;
  }

  /** A small HTTP/1.1 response reader, one per connection. */
  static final class ResponseReader {
    private final InputStream in;
    private final StringBuilder lineBuf = new StringBuilder();
    private boolean chunked;
    private long contentLength;

    ResponseReader(InputStream in) {
      this.in = in;
    }

    int readStatusAndHeaders() throws IOException {
      String status = line();
      int code = Integer.parseInt(status.substring(9, 12));
      contentLength = -1;
      chunked = false;
      for (String h = line(); !h.isEmpty(); h = line()) {
        int colon = h.indexOf(':');
        String name = h.substring(0, colon).trim();
        String value = h.substring(colon + 1).trim();
        if (name.equalsIgnoreCase("Content-Length")) {
          contentLength = Long.parseLong(value);
        } else if (name.equalsIgnoreCase("Transfer-Encoding")
            && value.equalsIgnoreCase("chunked")) {
          chunked = true;
        }
      }
      return code;
    }

    int readBody(byte[] buf) throws IOException {
      if (!chunked) {
        int n = (int) contentLength;
        readFully(buf, 0, n);
        return n;
      }
      int total = 0;
      while (true) {
        String size = line();
        int semi = size.indexOf(';');
        int n = Integer.parseInt(semi < 0 ? size.trim() : size.substring(0, semi).trim(), 16);
        if (n == 0) {
          while (!line().isEmpty()) {
            // trailers
          }
          return total;
        }
        readFully(buf, total, n);
        total += n;
        line(); // CRLF after the chunk
      }
    }

    private void readFully(byte[] buf, int off, int n) throws IOException {
      while (n > 0) {
        int r = in.read(buf, off, n);
        if (r < 0) {
          throw new EOFException();
        }
        off += r;
        n -= r;
      }
    }

    private String line() throws IOException {
      lineBuf.setLength(0);
      for (int c = in.read(); c != '\n'; c = in.read()) {
        if (c < 0) {
          throw new EOFException();
        }
        if (c != '\r') {
          lineBuf.append((char) c);
        }
      }
      return lineBuf.toString();
    }
  }

  private static int indexOf(byte[] hay, int n, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= n; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  @Override
  public void close() throws InterruptedException {
    running = false;
    for (Thread t : threads) {
      t.join(35_000);
    }
  }
}
