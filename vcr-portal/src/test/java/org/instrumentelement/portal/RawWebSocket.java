package org.instrumentelement.portal;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * A WebSocket client written on a plain socket, for what the JDK's client will not do: offer an
 * extension in the handshake, or open, send and then read nothing at all, as a hung browser would.
 */
final class RawWebSocket implements AutoCloseable {
  private final Socket socket;
  private final Map<String, String> headers;
  private final int status;

  private RawWebSocket(Socket socket, int status, Map<String, String> headers) {
    this.socket = socket;
    this.status = status;
    this.headers = headers;
  }

  /**
   * Opens a WebSocket to {@code ws} with these extra request headers; {@code receiveBuffer} bytes
   * of socket receive buffer (small: a browser that reads nothing fills it soon).
   */
  static RawWebSocket open(URI ws, Map<String, String> extra, int receiveBuffer)
      throws IOException {
    Socket s = new Socket();
    s.setReceiveBufferSize(receiveBuffer);
    s.connect(new InetSocketAddress(ws.getHost(), ws.getPort()), 10_000);
    s.setSoTimeout(30_000);
    byte[] nonce = new byte[16];
    new SecureRandom().nextBytes(nonce);
    StringBuilder req =
        new StringBuilder("GET " + ws.getRawPath() + " HTTP/1.1\r\n")
            .append("Host: ")
            .append(ws.getHost())
            .append(':')
            .append(ws.getPort())
            .append("\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n")
            .append("Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ")
            .append(Base64.getEncoder().encodeToString(nonce))
            .append("\r\n");
    extra.forEach((k, v) -> req.append(k).append(": ").append(v).append("\r\n"));
    req.append("\r\n");
    OutputStream out = s.getOutputStream();
    out.write(req.toString().getBytes(StandardCharsets.US_ASCII));
    out.flush();
    String[] lines = readHead(s.getInputStream()).split("\r\n");
    int status = Integer.parseInt(lines[0].split(" ")[1]);
    Map<String, String> headers = new LinkedHashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.put(
            lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
            lines[i].substring(colon + 1).trim());
      }
    }
    return new RawWebSocket(s, status, headers);
  }

  /** The response head, byte by byte so that nothing of the first frame is read with it. */
  private static String readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    byte[] end = {'\r', '\n', '\r', '\n'};
    while (matched < 4) {
      int b = in.read();
      if (b < 0) {
        throw new IOException("closed during the handshake: " + head);
      }
      head.write(b);
      matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
    }
    return head.toString(StandardCharsets.US_ASCII);
  }

  int status() {
    return status;
  }

  /** A response header by lower-case name, or null. */
  String header(String name) {
    return headers.get(name);
  }

  /** Sends a text message (masked, as a client must). */
  void sendText(String text) throws IOException {
    byte[] payload = text.getBytes(StandardCharsets.UTF_8);
    if (payload.length > 125) {
      throw new IllegalArgumentException("short messages only");
    }
    byte[] mask = new byte[4];
    new SecureRandom().nextBytes(mask);
    byte[] frame = new byte[2 + 4 + payload.length];
    frame[0] = (byte) 0x81; // FIN, text
    frame[1] = (byte) (0x80 | payload.length);
    System.arraycopy(mask, 0, frame, 2, 4);
    for (int i = 0; i < payload.length; i++) {
      frame[6 + i] = (byte) (payload[i] ^ mask[i % 4]);
    }
    socket.getOutputStream().write(frame);
    socket.getOutputStream().flush();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
