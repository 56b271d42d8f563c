package org.instrumentelement.ial.vxi11;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes XDR (RFC 4506): every item big-endian in multiples of four bytes; variable-length opaque
 * data and strings carry their length first and are padded with zeros.
 */
public final class XdrEncoder {
  private byte[] buf;
  private int size;

  public XdrEncoder() {
    this(256);
  }

  public XdrEncoder(int initialCapacity) {
    buf = new byte[Math.max(16, initialCapacity)];
  }

  /** A signed or unsigned 32-bit integer (int, unsigned int, enum, and XDR's char). */
  public XdrEncoder putInt(int v) {
    ensure(4);
    buf[size] = (byte) (v >>> 24);
    buf[size + 1] = (byte) (v >>> 16);
    buf[size + 2] = (byte) (v >>> 8);
    buf[size + 3] = (byte) v;
    size += 4;
    return this;
  }

  /** An unsigned 32-bit integer given as a long (0 .. 2^32-1). */
  public XdrEncoder putUnsignedInt(long v) {
    if (v < 0 || v > 0xffffffffL) {
      throw new IllegalArgumentException("not an unsigned 32-bit value: " + v);
    }
    return putInt((int) v);
  }

  public XdrEncoder putBoolean(boolean v) {
    return putInt(v ? 1 : 0);
  }

  /** Variable-length opaque data: length, bytes, zero padding to a multiple of four. */
  public XdrEncoder putOpaque(byte[] data, int offset, int length) {
    putInt(length);
    ensure(length + 3);
    System.arraycopy(data, offset, buf, size, length);
    size += length;
    int pad = (4 - (length & 3)) & 3;
    for (int i = 0; i < pad; i++) {
      buf[size++] = 0;
    }
    return this;
  }

  public XdrEncoder putOpaque(byte[] data) {
    return putOpaque(data, 0, data.length);
  }

  /** An ASCII string, as opaque data. */
  public XdrEncoder putString(String s) {
    return putOpaque(s.getBytes(StandardCharsets.US_ASCII));
  }

  /** Bytes written so far. */
  public int size() {
    return size;
  }

  /** The encoded bytes (a copy). */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }

  /** The internal array; valid up to {@link #size()}, until the next put. */
  byte[] array() {
    return buf;
  }

  private void ensure(int more) {
    if (size + more > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
    }
  }
}
