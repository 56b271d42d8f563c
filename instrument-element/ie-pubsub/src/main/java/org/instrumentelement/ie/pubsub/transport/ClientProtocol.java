package org.instrumentelement.ie.pubsub.transport;

import java.io.EOFException;
import java.io.IOException;
import java.io.PushbackInputStream;

/**
 * A wire protocol clients subscribe with, and how to read the length a frame declares before any of
 * it is read (so that an oversized frame is refused before the broker allocates for it).
 */
public enum ClientProtocol {
  /** ActiveMQ's own protocol (JMS clients): a frame starts with its length as a 4-byte integer. */
  OPENWIRE("tcp", "ssl", "OpenWire") {
    @Override
    long declaredLength(PushbackInputStream in) throws IOException {
      byte[] size = new byte[4];
      for (int i = 0; i < size.length; i++) {
        size[i] = (byte) next(in);
      }
      in.unread(size);
      return ((size[0] & 0xffL) << 24)
          | ((size[1] & 0xffL) << 16)
          | ((size[2] & 0xffL) << 8)
          | (size[3] & 0xffL);
    }
  },
  /**
   * Text frames ended by a NUL byte: the length is not known in advance; the wire format refuses a
   * too long {@code content-length} before reading the body.
   */
  STOMP("stomp", "stomp+ssl", "STOMP") {
    @Override
    long declaredLength(PushbackInputStream in) {
      return -1;
    }
  },
  /** A fixed header byte, then the remaining length in 1 to 4 bytes of 7 bits. */
  MQTT("mqtt", "mqtt+ssl", "MQTT") {
    @Override
    long declaredLength(PushbackInputStream in) throws IOException {
      byte[] seen = new byte[5];
      seen[0] = (byte) next(in);
      long length = 0;
      int n = 1;
      int digit;
      do {
        digit = next(in);
        seen[n] = (byte) digit;
        length += (long) (digit & 0x7f) << (7 * (n - 1));
        n++;
      } while ((digit & 0x80) != 0 && n < seen.length);
      in.unread(seen, 0, n);
      return length;
    }
  };

  /** Bytes a frame may have beyond {@code maxFrameBytes}: headers, length fields, terminators. */
  static final int FRAME_OVERHEAD = 1024;

  /** The most bytes {@link #declaredLength} reads ahead. */
  static final int MAX_PEEK = 5;

  private final String scheme;
  private final String tlsScheme;
  private final String title;

  ClientProtocol(String scheme, String tlsScheme, String title) {
    this.scheme = scheme;
    this.tlsScheme = tlsScheme;
    this.title = title;
  }

  /**
   * The scheme of its ActiveMQ URIs: {@code tcp}, {@code stomp}, {@code mqtt}, or over TLS {@code
   * ssl}, {@code stomp+ssl}, {@code mqtt+ssl}.
   */
  public String scheme(boolean tls) {
    return tls ? tlsScheme : scheme;
  }

  /** The protocol's usual name, for logs. */
  @Override
  public String toString() {
    return title;
  }

  /** The name for logs of a connection in this protocol, plain or over TLS. */
  public String title(boolean tls) {
    return tls ? title + " over TLS" : title;
  }

  /**
   * The length the next frame declares, read ahead and pushed back; -1 if the protocol does not
   * say.
   */
  abstract long declaredLength(PushbackInputStream in) throws IOException;

  private static int next(PushbackInputStream in) throws IOException {
    int b = in.read();
    if (b < 0) {
      throw new EOFException();
    }
    return b;
  }
}
