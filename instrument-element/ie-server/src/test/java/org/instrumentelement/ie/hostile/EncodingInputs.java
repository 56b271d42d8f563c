package org.instrumentelement.ie.hostile;

import static org.instrumentelement.ie.hostile.HostileInput.fault;
import static org.instrumentelement.ie.hostile.HostileInput.getState;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Bytes that are not the character encoding the request declares. */
final class EncodingInputs {
  private EncodingInputs() {}

  static final String MALFORMED = "MALFORMED_REQUEST";

  static List<HostileInput> inputs() {
    return List.of(
        fault("UTF-8: lone continuation byte", MALFORMED, inIm(0x80)),
        fault("UTF-8: overlong slash", MALFORMED, inIm(0xC0, 0xAF)),
        fault("UTF-8: overlong NUL", MALFORMED, inIm(0xC0, 0x80)),
        fault("UTF-8: sequence cut short", MALFORMED, inIm(0xC3)),
        fault("UTF-8: byte 0xFF", MALFORMED, inIm(0xFF)),
        fault("UTF-8: encoded surrogate", MALFORMED, inIm(0xED, 0xA0, 0x80)),
        fault("UTF-8: five-byte sequence", MALFORMED, inIm(0xF8, 0x88, 0x80, 0x80, 0x80)),
        fault("UTF-8: beyond U+10FFFF", MALFORMED, inIm(0xF4, 0x90, 0x80, 0x80)),
        fault(
            "UTF-8: invalid byte in an element name",
            MALFORMED,
            splice(getState("lab/scope"), "<ie:get", 0xFF)),
        fault(
            "UTF-8: body ends inside a character",
            MALFORMED,
            concat(getState("lab/scope").getBytes(StandardCharsets.UTF_8), 0xE2, 0x82)),
        fault(
            "UTF-16 sent as UTF-8",
            MALFORMED,
            ("<?xml version=\"1.0\" encoding=\"UTF-16\"?>" + getState("lab/scope"))
                .getBytes(StandardCharsets.UTF_16LE)),
        fault(
            "UTF-16 byte order mark before UTF-8",
            MALFORMED,
            concat(new byte[] {(byte) 0xFE, (byte) 0xFF}, getState("lab/scope").getBytes())),
        fault(
            "UTF-32 byte order mark",
            MALFORMED,
            concat(new byte[] {0, 0, (byte) 0xFE, (byte) 0xFF}, getState("lab/scope").getBytes())),
        fault(
            "invalid UTF-8 inside a comment",
            MALFORMED,
            splice(getState("lab/none"), "<ie:getState>", "<!-- ", 0xC3, 0x28, " -->")));
  }

  /** getState with these bytes inside the IM path. */
  static byte[] inIm(int... bytes) {
    return splice(getState("lab/scope"), "lab/", bytes);
  }

  /** The document with these bytes inserted after {@code marker}. */
  static byte[] splice(String document, String marker, int... bytes) {
    int at = document.indexOf(marker) + marker.length();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.writeBytes(document.substring(0, at).getBytes(StandardCharsets.UTF_8));
    for (int b : bytes) {
      out.write(b);
    }
    out.writeBytes(document.substring(at).getBytes(StandardCharsets.UTF_8));
    return out.toByteArray();
  }

  /**
   * The document with {@code before}, two bytes and {@code after} inserted after {@code marker}.
   */
  static byte[] splice(
      String document, String marker, String before, int b1, int b2, String after) {
    return splice(document.replace(marker, marker + before + after), marker + before, b1, b2);
  }

  static byte[] concat(byte[] head, int... tail) {
    byte[] out = new byte[head.length + tail.length];
    System.arraycopy(head, 0, out, 0, head.length);
    for (int i = 0; i < tail.length; i++) {
      out[head.length + i] = (byte) tail[i];
    }
    return out;
  }

  static byte[] concat(byte[] head, byte[] tail) {
    byte[] out = new byte[head.length + tail.length];
    System.arraycopy(head, 0, out, 0, head.length);
    System.arraycopy(tail, 0, out, head.length, tail.length);
    return out;
  }
}
