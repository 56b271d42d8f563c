package org.instrumentelement.ie.security;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;

/**
 * A hand-made MQTT 3.1.1 client for what a client library hides or will not send: whether a refused
 * publish is acknowledged, frames larger than the broker allows.
 */
final class RawMqtt implements AutoCloseable {
  static final int CONNACK = 0x20;
  static final int PUBLISH = 0x30;
  static final int PUBACK = 0x40;
  static final int SUBACK = 0x90;

  private final Socket socket;
  private final DataInputStream in;
  private final OutputStream out;

  RawMqtt(int port) throws IOException {
    socket = new Socket("localhost", port);
    socket.setSoTimeout(20_000);
    in = new DataInputStream(socket.getInputStream());
    out = socket.getOutputStream();
  }

  /** Logs in; the CONNACK return code (0: accepted). */
  int connect(String clientId, String user, String password) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(string("MQTT"));
    b.write(4); // protocol level: 3.1.1
    b.write(0xC2); // user name, password, clean session
    b.write(0);
    b.write(60); // keep alive, seconds
    b.write(string(clientId));
    b.write(string(user));
    b.write(string(password));
    send(0x10, b.toByteArray());
    int type = next();
    if (type != CONNACK) {
      throw new IOException("no CONNACK but " + type);
    }
    return body[1] & 0xff;
  }

  /** Subscribes at QoS 0; the SUBACK's return code (0x80: refused). */
  int subscribe(int id, String topic) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(id >> 8);
    b.write(id);
    b.write(string(topic));
    b.write(0);
    send(0x82, b.toByteArray());
    while (true) {
      int type = next();
      if (type == SUBACK) {
        return body[2] & 0xff;
      }
      if (type < 0) {
        throw new EOFException("closed before the SUBACK");
      }
    }
  }

  /** Publishes at QoS 1. */
  void publish(int id, String topic, byte[] payload) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(string(topic));
    b.write(id >> 8);
    b.write(id);
    b.write(payload);
    send(PUBLISH | 0x02, b.toByteArray());
  }

  /** Sends the fixed header of a frame declaring {@code length} bytes, and a few of them. */
  void sendHeaderOfFrame(int type, int length) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(type);
    writeLength(b, length);
    b.write(new byte[16]);
    out.write(b.toByteArray());
    out.flush();
  }

  private byte[] body = new byte[0];

  /** The type of the next packet (its upper 4 bits), or -1 when the broker closed. */
  int next() throws IOException {
    int header;
    try {
      header = in.read();
    } catch (SocketException reset) {
      return -1;
    }
    if (header < 0) {
      return -1;
    }
    int length = 0;
    int shift = 0;
    int digit;
    do {
      digit = in.readUnsignedByte();
      length |= (digit & 0x7f) << shift;
      shift += 7;
    } while ((digit & 0x80) != 0);
    body = new byte[length];
    in.readFully(body);
    return header & 0xf0;
  }

  /** Reads until the broker closes; the packet types seen before. */
  java.util.List<Integer> untilClosed() throws IOException {
    java.util.List<Integer> seen = new java.util.ArrayList<>();
    for (int t = next(); t >= 0; t = next()) {
      seen.add(t);
    }
    return seen;
  }

  private void send(int header, byte[] rest) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.write(header);
    writeLength(b, rest.length);
    b.write(rest);
    out.write(b.toByteArray());
    out.flush();
  }

  private static void writeLength(ByteArrayOutputStream b, int length) {
    int n = length;
    do {
      int digit = n % 128;
      n /= 128;
      b.write(n > 0 ? digit | 0x80 : digit);
    } while (n > 0);
  }

  private static byte[] string(String s) {
    byte[] text = s.getBytes(StandardCharsets.UTF_8);
    byte[] b = new byte[text.length + 2];
    b[0] = (byte) (text.length >> 8);
    b[1] = (byte) text.length;
    System.arraycopy(text, 0, b, 2, text.length);
    return b;
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
