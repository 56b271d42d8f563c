package org.instrumentelement.portal.trace;

import java.nio.ByteBuffer;

/**
 * One message for browsers, built once and shared by every viewer it goes to: a JSON text or the
 * bytes of a binary frame. Immutable; each send gets its own view of the shared bytes, so sending
 * it to a thousand viewers copies nothing.
 */
final class Frame {
  private final String text;
  private final ByteBuffer bytes;
  private final int size;

  private Frame(String text, ByteBuffer bytes, int size) {
    this.text = text;
    this.bytes = bytes;
    this.size = size;
  }

  /** A JSON message, sent as a WebSocket text message. */
  static Frame text(String json) {
    return new Frame(json, null, utf8Length(json));
  }

  /**
   * A binary message. A direct buffer goes to the socket without the copy the JDK makes of a heap
   * buffer on every write.
   */
  static Frame binary(ByteBuffer bytes) {
    ByteBuffer b = bytes.asReadOnlyBuffer();
    return new Frame(null, b, b.remaining());
  }

  boolean isText() {
    return text != null;
  }

  /** The JSON of a text frame. */
  String text() {
    return text;
  }

  /** A view of the binary frame's bytes of its own (position 0, nothing shared but the bytes). */
  ByteBuffer bytes() {
    return bytes.duplicate();
  }

  /** Bytes on the wire (payload, without WebSocket framing). */
  int size() {
    return size;
  }

  /** The UTF-8 length of a text, counted without encoding it. */
  static int utf8Length(CharSequence s) {
    int n = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        n++;
      } else if (c < 0x800) {
        n += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < s.length()) {
        n += 4;
        i++;
      } else {
        n += 3;
      }
    }
    return n;
  }
}
