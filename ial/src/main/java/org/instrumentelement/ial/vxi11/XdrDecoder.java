package org.instrumentelement.ial.vxi11;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads XDR (RFC 4506) from a byte array. Every read checks what is left, so a truncated or lying
 * message is a {@link RpcFormatException}, never an index out of bounds.
 */
public final class XdrDecoder {
  private final byte[] buf;
  private int pos;
  private final int limit;

  public XdrDecoder(byte[] buf) {
    this(buf, 0, buf.length);
  }

  public XdrDecoder(byte[] buf, int offset, int length) {
    this.buf = buf;
    this.pos = offset;
    this.limit = offset + length;
  }

  public int getInt() throws RpcFormatException {
    need(4, "an integer");
    int v =
        (buf[pos] & 0xff) << 24
            | (buf[pos + 1] & 0xff) << 16
            | (buf[pos + 2] & 0xff) << 8
            | (buf[pos + 3] & 0xff);
    pos += 4;
    return v;
  }

  public long getUnsignedInt() throws RpcFormatException {
    return getInt() & 0xffffffffL;
  }

  public boolean getBoolean() throws RpcFormatException {
    int v = getInt();
    if (v != 0 && v != 1) {
      throw new RpcFormatException("XDR boolean must be 0 or 1, got " + v);
    }
    return v == 1;
  }

  /** Variable-length opaque data of at most {@code max} bytes (a copy). */
  public byte[] getOpaque(int max) throws RpcFormatException {
    int length = opaqueLength(max);
    byte[] out = Arrays.copyOfRange(buf, pos, pos + length);
    skipOpaque(length);
    return out;
  }

  /**
   * Reads the length of variable-length opaque data and leaves the position at its first byte, for
   * a caller that copies the bytes straight to their destination with {@link #copyOpaque}.
   */
  public int opaqueLength(int max) throws RpcFormatException {
    long length = getUnsignedInt();
    if (length > max) {
      throw new RpcFormatException(
          "XDR opaque of " + length + " bytes, at most " + max + " allowed");
    }
    need((int) ((length + 3) & ~3L), "opaque data of " + length + " bytes");
    return (int) length;
  }

  /** Copies {@code length} bytes of the opaque data whose length was just read, then its pad. */
  public void copyOpaque(byte[] into, int offset, int length) {
    System.arraycopy(buf, pos, into, offset, length);
    skipOpaque(length);
  }

  public String getString(int max) throws RpcFormatException {
    return new String(getOpaque(max), StandardCharsets.US_ASCII);
  }

  /** Bytes not yet read. */
  public int remaining() {
    return limit - pos;
  }

  private void skipOpaque(int length) {
    pos += (length + 3) & ~3;
  }

  private void need(int n, String what) throws RpcFormatException {
    if (n < 0 || limit - pos < n) {
      throw new RpcFormatException(
          "XDR data ends early: " + what + " needs " + n + " bytes, " + (limit - pos) + " left");
    }
  }
}
