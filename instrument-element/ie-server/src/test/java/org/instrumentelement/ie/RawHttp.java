package org.instrumentelement.ie;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP/1.1 connection over a plain socket, for requests no well-behaved client would send:
 * headers without their body, bodies a byte at a time, malformed request lines. It can connect from
 * another loopback address (127.0.0.2, 127.0.0.3, ... are all this machine on Linux), to play
 * clients at several addresses.
 */
final class RawHttp implements AutoCloseable {
  final Socket socket;
  private final InputStream in;

  private RawHttp(Socket socket) throws IOException {
    this.socket = socket;
    this.in = socket.getInputStream();
  }

  /** A connection to the server of {@code url}, from {@code from} (null: the default address). */
  static RawHttp connect(String url, String from) throws IOException {
    URI uri = URI.create(url);
    Socket s = new Socket();
    if (from != null) {
      s.bind(new InetSocketAddress(InetAddress.getByName(from), 0));
    }
    s.connect(new InetSocketAddress(InetAddress.getByName(uri.getHost()), uri.getPort()), 5_000);
    s.setSoTimeout(30_000);
    return new RawHttp(s);
  }

  /** The Authorization header value for Basic credentials. */
  static String basic(String user, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Request head of a SOAP POST to the endpoint path of {@code url}, ending with the blank line.
   */
  static String soapHead(String url, long contentLength, String authorization) {
    URI uri = URI.create(url);
    return "POST "
        + uri.getRawPath()
        + " HTTP/1.1\r\nHost: "
        + uri.getHost()
        + ":"
        + uri.getPort()
        + "\r\nContent-Type: text/xml; charset=utf-8\r\nSOAPAction: \"\"\r\n"
        + (contentLength >= 0 ? "Content-Length: " + contentLength : "Transfer-Encoding: chunked")
        + "\r\n"
        + (authorization == null ? "" : "Authorization: " + authorization + "\r\n")
        + "\r\n";
  }

  RawHttp send(String text) throws IOException {
    return send(text.getBytes(StandardCharsets.ISO_8859_1));
  }

  RawHttp send(byte[] bytes) throws IOException {
    socket.getOutputStream().write(bytes);
    socket.getOutputStream().flush();
    return this;
  }

  /** A response: status, headers (names lower-cased) and body. */
  record Response(int status, Map<String, String> headers, String body) {}

  /** Reads one response (with a Content-Length or up to the close), waiting at most {@code max}. */
  Response read(Duration max) throws IOException {
    socket.setSoTimeout((int) max.toMillis());
    String statusLine = line();
    if (statusLine == null) {
      throw new IOException("connection closed without a response");
    }
    int status = Integer.parseInt(statusLine.split(" ")[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (String l = line(); l != null && !l.isEmpty(); l = line()) {
      int colon = l.indexOf(':');
      headers.put(
          l.substring(0, colon).trim().toLowerCase(Locale.ROOT), l.substring(colon + 1).trim());
    }
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    if (headers.containsKey("content-length")) {
      int left = Integer.parseInt(headers.get("content-length"));
      byte[] buf = new byte[8192];
      while (left > 0) {
        int n = in.read(buf, 0, Math.min(buf.length, left));
        if (n < 0) {
          break;
        }
        body.write(buf, 0, n);
        left -= n;
      }
    } else if (!"chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
      in.transferTo(body);
    }
    return new Response(status, headers, body.toString(StandardCharsets.UTF_8));
  }

  private String line() throws IOException {
    StringBuilder b = new StringBuilder();
    int c;
    while ((c = in.read()) >= 0) {
      if (c == '\n') {
        return b.toString();
      }
      if (c != '\r') {
        b.append((char) c);
      }
    }
    return b.length() == 0 ? null : b.toString();
  }

  /**
   * Whether the server closes the connection within {@code max}: reads (and drops) whatever comes
   * until the end of the stream or a reset.
   */
  boolean closedWithin(Duration max) throws IOException {
    long deadline = System.nanoTime() + max.toNanos();
    byte[] buf = new byte[4096];
    while (true) {
      long left = (deadline - System.nanoTime()) / 1_000_000;
      if (left <= 0) {
        return false;
      }
      socket.setSoTimeout((int) left);
      try {
        if (in.read(buf) < 0) {
          return true;
        }
      } catch (SocketTimeoutException e) {
        return false;
      } catch (IOException reset) {
        return true;
      }
    }
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
