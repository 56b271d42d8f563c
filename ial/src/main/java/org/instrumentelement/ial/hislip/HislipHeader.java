package org.instrumentelement.ial.hislip;

/**
 * The 16-byte header of every HiSLIP message: the prologue {@code "HS"}, the message type, a
 * control code, a 32-bit message parameter and a 64-bit payload length, big-endian.
 *
 * @param parameter the message parameter (a message id, a session id, a timeout...), as 32 bits
 */
public record HislipHeader(MessageType type, int controlCode, int parameter, long payloadLength) {

  /** Bytes in a header. */
  public static final int SIZE = 16;

  public HislipHeader {
    if (controlCode < 0 || controlCode > 255) {
      throw new IllegalArgumentException("control code is one byte: " + controlCode);
    }
    if (payloadLength < 0) {
      throw new IllegalArgumentException("negative payload length: " + payloadLength);
    }
  }

  /** The header's bytes. */
  public byte[] encode() {
    byte[] b = new byte[SIZE];
    b[0] = 'H';
    b[1] = 'S';
    b[2] = (byte) type.code();
    b[3] = (byte) controlCode;
    for (int i = 0; i < 4; i++) {
      b[4 + i] = (byte) (parameter >>> (24 - 8 * i));
    }
    for (int i = 0; i < 8; i++) {
      b[8 + i] = (byte) (payloadLength >>> (56 - 8 * i));
    }
    return b;
  }

  /**
   * Parses a header.
   *
   * @param maxPayload the largest payload this side accepts (the negotiated maximum message size)
   * @throws HislipFormatException if the prologue is wrong, the type unknown, or the payload larger
   *     than {@code maxPayload}
   */
  public static HislipHeader parse(byte[] b, int offset, long maxPayload)
      throws HislipFormatException {
    if (b.length - offset < SIZE) {
      throw new HislipFormatException("a HiSLIP header needs 16 bytes, got " + (b.length - offset));
    }
    if (b[offset] != 'H' || b[offset + 1] != 'S') {
      throw new HislipFormatException(
          String.format(
              "not a HiSLIP message: prologue 0x%02x%02x instead of \"HS\"",
              b[offset] & 0xff, b[offset + 1] & 0xff));
    }
    int code = b[offset + 2] & 0xff;
    MessageType type = MessageType.of(code);
    if (type == null) {
      throw new HislipFormatException("unknown HiSLIP message type " + code);
    }
    int parameter = 0;
    for (int i = 0; i < 4; i++) {
      parameter = parameter << 8 | (b[offset + 4 + i] & 0xff);
    }
    long length = 0;
    for (int i = 0; i < 8; i++) {
      length = length << 8 | (b[offset + 8 + i] & 0xff);
    }
    if (length < 0 || length > maxPayload) {
      throw new HislipFormatException(
          "HiSLIP "
              + type
              + " announces "
              + Long.toUnsignedString(length)
              + " bytes of payload, more than the "
              + maxPayload
              + " allowed");
    }
    return new HislipHeader(type, b[offset + 3] & 0xff, parameter, length);
  }
}
