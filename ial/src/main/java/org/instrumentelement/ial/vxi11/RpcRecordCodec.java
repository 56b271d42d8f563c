package org.instrumentelement.ial.vxi11;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;

/**
 * ONC RPC record marking over TCP (RFC 5531, section 11): a record is one or more fragments, each
 * behind a 4-byte big-endian mark whose top bit says "last fragment" and whose other 31 bits give
 * the fragment's length.
 */
public final class RpcRecordCodec {
  static final int LAST_FRAGMENT = 0x80000000;

  /** The first array of a record whose bytes have not arrived yet. */
  private static final int FIRST_ARRAY = 1 << 20;

  private RpcRecordCodec() {}

  /** Writes one record, cut into fragments of at most {@code maxFragment} bytes. */
  public static void write(OutputStream out, byte[] record, int offset, int length, int maxFragment)
      throws IOException {
    if (maxFragment <= 0) {
      throw new IllegalArgumentException("maxFragment must be positive: " + maxFragment);
    }
    int at = offset;
    int left = length;
    byte[] mark = new byte[4];
    do {
      int n = Math.min(left, maxFragment);
      int value = n | (n == left ? LAST_FRAGMENT : 0);
      mark[0] = (byte) (value >>> 24);
      mark[1] = (byte) (value >>> 16);
      mark[2] = (byte) (value >>> 8);
      mark[3] = (byte) value;
      out.write(mark);
      out.write(record, at, n);
      at += n;
      left -= n;
    } while (left > 0);
    out.flush();
  }

  /** Writes what an encoder holds as one record, in a single fragment. */
  public static void write(OutputStream out, XdrEncoder record) throws IOException {
    write(out, record.array(), 0, record.size(), Integer.MAX_VALUE);
  }

  /** Writes one record as a single fragment. */
  public static void write(OutputStream out, byte[] record) throws IOException {
    write(out, record, 0, record.length, Integer.MAX_VALUE);
  }

  /**
   * Reads one whole record.
   *
   * @param maxRecord the largest record accepted; a peer announcing more is refused before any
   *     memory is taken for it
   * @throws EOFException if the stream ends cleanly before the record starts
   * @throws RpcFormatException if the stream ends inside the record or the record is too large
   */
  public static byte[] read(InputStream in, int maxRecord) throws IOException {
    byte[] record = new byte[0];
    int size = 0;
    boolean last;
    boolean first = true;
    do {
      int mark = readMark(in, first);
      first = false;
      last = (mark & LAST_FRAGMENT) != 0;
      int length = mark & ~LAST_FRAGMENT;
      if ((long) size + length > maxRecord) {
        throw new RpcFormatException(
            "RPC record of more than " + maxRecord + " bytes (fragment of " + length + ")");
      }
      record = readFragment(in, record, size, length);
      size += length;
    } while (!last);
    return record;
  }

  private static int readMark(InputStream in, boolean recordStart) throws IOException {
    int value = 0;
    for (int i = 0; i < 4; i++) {
      int b = in.read();
      if (b < 0) {
        if (recordStart && i == 0) {
          throw new EOFException("connection closed");
        }
        throw new RpcFormatException("RPC record mark cut short after " + i + " bytes");
      }
      value = value << 8 | b;
    }
    return value;
  }

  /**
   * Reads a fragment of {@code length} bytes after the {@code size} bytes of {@code record},
   * growing the array as bytes arrive: a mark is only a promise, and a peer that announces 64 MiB
   * and sends 3 bytes gets no 64 MiB array. Returns the record, exactly {@code size + length} long.
   */
  private static byte[] readFragment(InputStream in, byte[] record, int size, int length)
      throws IOException {
    int end = size + length;
    int done = size;
    while (done < end) {
      if (done == record.length) {
        record = Arrays.copyOf(record, (int) Math.min(end, Math.max(FIRST_ARRAY, 2L * done)));
      }
      int n = in.read(record, done, record.length - done);
      if (n < 0) {
        throw new RpcFormatException(
            "RPC record fragment cut short: " + (done - size) + " of " + length + " bytes");
      }
      done += n;
    }
    return record;
  }
}
