package org.instrumentelement.ie.soap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * An answer written by hand ({@link AttributeAnswer}, {@link HistoryAnswer}): its bytes gathered in
 * a buffer and passed on to the response stream a buffer at a time, with the pieces JAXB would
 * write for it (attributes escaped as the service's escape handler escapes them, base64 as
 * xs:base64Binary).
 */
final class AnswerBytes {
  private static final Base64.Encoder BASE64 = Base64.getEncoder();

  /** Bytes gathered before they are passed on to the stream. */
  static final int CHUNK = 8192;

  /**
   * Largest base64 text encoded into a request thread's scratch array (a 2,500-double vector takes
   * 26,668 bytes); longer text is encoded into it a slice at a time on its way to the stream.
   */
  static final int SCRATCH_MAX = 64 * 1024;

  private static final ThreadLocal<byte[]> BASE64_SCRATCH =
      ThreadLocal.withInitial(() -> new byte[CHUNK]);

  /** Bytes encoded at a time when the text is longer than the scratch array: it fills it. */
  private static final int SLICE_BYTES = SCRATCH_MAX / 4 * 3;

  private static final ThreadLocal<byte[]> SLICE =
      ThreadLocal.withInitial(() -> new byte[SLICE_BYTES]);

  private final OutputStream out;
  final byte[] buf;
  int pos;

  AnswerBytes(OutputStream out, byte[] buf) {
    this.out = out;
    this.buf = buf;
  }

  /**
   * Standard base64 with padding, as xs:base64Binary and JAXB write it (no line breaks), by the
   * JDK's encoder: the JIT replaces its inner loop with vector instructions where the processor has
   * them (AVX-512 VBMI: about 40 times faster than a table per 12 bits).
   */
  void base64(byte[] in) throws IOException {
    int length = 4 * ((in.length + 2) / 3);
    if (length > SCRATCH_MAX) {
      // In slices of a multiple of 3 bytes, so that only the last one has padding; the text goes
      // out a slice at a time, never whole in memory.
      flush();
      byte[] scratch = scratch(SCRATCH_MAX);
      byte[] slice = SLICE.get();
      for (int off = 0; off < in.length; off += SLICE_BYTES) {
        int n = Math.min(SLICE_BYTES, in.length - off);
        byte[] src = n == SLICE_BYTES ? slice : new byte[n];
        System.arraycopy(in, off, src, 0, n);
        out.write(scratch, 0, BASE64.encode(src, scratch));
      }
      return;
    }
    byte[] scratch = scratch(length);
    put(scratch, BASE64.encode(in, scratch));
  }

  /** This thread's scratch array (warm in its cache) of at least {@code length} bytes. */
  private static byte[] scratch(int length) {
    byte[] scratch = BASE64_SCRATCH.get();
    if (scratch.length < length) {
      scratch = new byte[Math.max(length, Math.min(SCRATCH_MAX, 2 * scratch.length))];
      BASE64_SCRATCH.set(scratch);
    }
    return scratch;
  }

  /**
   * An attribute, left out when {@code value} is null, escaped as the service's JAXB escape handler
   * escapes attribute values ({@code & < > "}, carriage return and line feed).
   */
  void attribute(String name, String value) throws IOException {
    if (value == null) {
      return;
    }
    room(name.length() + 3);
    buf[pos++] = ' ';
    for (int i = 0; i < name.length(); i++) {
      buf[pos++] = (byte) name.charAt(i);
    }
    buf[pos++] = '=';
    buf[pos++] = '"';
    put(escaped(value, true));
    room(1);
    buf[pos++] = '"';
  }

  /** Text of ASCII characters only (digits, signs, letters), as it is. */
  void asciiText(String text) throws IOException {
    room(text.length());
    for (int i = 0; i < text.length(); i++) {
      buf[pos++] = (byte) text.charAt(i);
    }
  }

  /** Element content, escaped as the service's escape handler escapes it. */
  void text(String value) throws IOException {
    put(escaped(value, false));
  }

  /**
   * Text escaped as the service's JAXB escape handler escapes it ({@code & < >} and carriage
   * return; in attribute values also {@code "} and line feed), in UTF-8.
   */
  static byte[] escaped(String value, boolean attribute) {
    int i = 0;
    while (i < value.length()) {
      char c = value.charAt(i);
      if (c == '&' || c == '<' || c == '>' || c == '\r' || attribute && (c == '"' || c == '\n')) {
        break;
      }
      i++;
    }
    if (i == value.length()) {
      return value.getBytes(StandardCharsets.UTF_8);
    }
    StringBuilder b = new StringBuilder(value.length() + 16).append(value, 0, i);
    for (; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '\r' -> b.append("&#13;");
        case '"' -> b.append(attribute ? "&quot;" : "\"");
        case '\n' -> b.append(attribute ? "&#10;" : "\n");
        default -> b.append(c);
      }
    }
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  void put(byte[] bytes) throws IOException {
    put(bytes, bytes.length);
  }

  /** The first {@code length} bytes of {@code bytes}. */
  void put(byte[] bytes, int length) throws IOException {
    if (length > buf.length - pos) {
      flush();
      if (length > buf.length) {
        out.write(bytes, 0, length);
        return;
      }
    }
    System.arraycopy(bytes, 0, buf, pos, length);
    pos += length;
  }

  /** Makes room for {@code n} bytes (at most the buffer's size) in the buffer. */
  void room(int n) throws IOException {
    if (buf.length - pos < n) {
      flush();
    }
  }

  /** Passes what the buffer holds on to the stream. */
  void flush() throws IOException {
    out.write(buf, 0, pos);
    pos = 0;
  }

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
