package org.instrumentelement.ial.ieee4882;

import java.nio.charset.StandardCharsets;

/**
 * The header of an IEEE 488.2 arbitrary block: {@code #<n><length>} with n in 1..9 digits of length
 * (definite), or {@code #0} (indefinite: the payload runs to the end of the message).
 *
 * @param headerLength bytes taken by the header itself
 * @param payloadLength bytes of payload that follow, or {@link #INDEFINITE}
 */
public record BlockHeader(int headerLength, long payloadLength) {

  /** Payload length of a {@code #0} block. */
  public static final long INDEFINITE = -1;

  /** Whether this is a {@code #0} block, whose payload ends with the message. */
  public boolean indefinite() {
    return payloadLength == INDEFINITE;
  }

  /**
   * Parses a header at {@code offset}.
   *
   * @return the header, or {@code null} if {@code available} bytes are not yet enough to tell
   * @throws BlockFormatException if the bytes cannot start a block
   */
  public static BlockHeader parse(byte[] buf, int offset, int available)
      throws BlockFormatException {
    if (available < 2) {
      return null;
    }
    if (buf[offset] != '#') {
      throw new BlockFormatException(
          "a block must start with '#', got " + printable(buf[offset]) + " instead");
    }
    int digits = buf[offset + 1] - '0';
    if (digits < 0 || digits > 9) {
      throw new BlockFormatException(
          "'#' must be followed by a digit 0-9, got " + printable(buf[offset + 1]));
    }
    if (digits == 0) {
      return new BlockHeader(2, INDEFINITE);
    }
    if (available < 2 + digits) {
      return null;
    }
    long length = 0;
    for (int i = 0; i < digits; i++) {
      int d = buf[offset + 2 + i] - '0';
      if (d < 0 || d > 9) {
        throw new BlockFormatException(
            "block length digit "
                + (i + 1)
                + " of "
                + digits
                + " is "
                + printable(buf[offset + 2 + i]));
      }
      length = length * 10 + d;
    }
    return new BlockHeader(2 + digits, length);
  }

  /** The header that announces {@code payloadLength} bytes, in the fewest digits. */
  public static byte[] definite(long payloadLength) {
    return definite(payloadLength, 1);
  }

  /**
   * The header that announces {@code payloadLength} bytes in at least {@code digits} digits, led by
   * zeros as IEEE 488.2 allows: {@code #9000001200} where a Rigol scope always writes nine.
   */
  public static byte[] definite(long payloadLength, int digits) {
    if (payloadLength < 0 || payloadLength > 999_999_999L) {
      throw new IllegalArgumentException(
          "a definite block holds 0..999999999 bytes: " + payloadLength);
    }
    if (digits < 1 || digits > 9) {
      throw new IllegalArgumentException("a block length has 1..9 digits: " + digits);
    }
    String len = Long.toString(payloadLength);
    len = "0".repeat(Math.max(0, digits - len.length())) + len;
    return ("#" + len.length() + len).getBytes(StandardCharsets.US_ASCII);
  }

  private static String printable(byte b) {
    return b >= 0x20 && b < 0x7f ? "'" + (char) b + "'" : String.format("0x%02x", b & 0xff);
  }
}
