package org.instrumentelement.ie.server.gate;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A request body read into memory in pieces (no copying as it grows), handed to the SOAP stack once
 * complete.
 */
final class CollectedBody {
  private static final int PIECE = 64 * 1024;

  private final List<byte[]> pieces = new ArrayList<>();
  private final long expected;
  private int fill;
  private long size;

  /**
   * @param expected the declared length, or -1 if unknown (chunked)
   */
  CollectedBody(long expected) {
    this.expected = expected;
  }

  /** Room to read into: the free part of the last piece, from {@link #offset()}. */
  byte[] room() {
    byte[] last = pieces.isEmpty() ? null : pieces.get(pieces.size() - 1);
    if (last == null || fill == last.length) {
      int length;
      if (expected >= 0) {
        // Just what is left (at least a byte, to read the end of the body into).
        length = (int) Math.max(1, Math.min(PIECE, expected - size));
      } else {
        length = pieces.isEmpty() ? 8 * 1024 : PIECE; // most chunked requests are small too
      }
      last = new byte[length];
      pieces.add(last);
      fill = 0;
    }
    return last;
  }

  /** Where the free part of {@link #room()} starts. */
  int offset() {
    return fill;
  }

  /** Records that {@code n} bytes were read into {@link #room()}. */
  void filled(int n) {
    fill += n;
    size += n;
  }

  /** Bytes read so far. */
  long size() {
    return size;
  }

  /**
   * The body, to be read once. Each piece is let go once read, so that the parser's objects and the
   * raw body are not both held in full.
   */
  InputStream stream() {
    return new InputStream() {
      private int piece;
      private int position;

      @Override
      public int read() {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
      }

      @Override
      public int read(byte[] b, int off, int len) {
        if (len == 0) {
          return 0;
        }
        while (piece < pieces.size()) {
          byte[] current = pieces.get(piece);
          int length = piece == pieces.size() - 1 ? fill : current.length;
          if (position < length) {
            int n = Math.min(len, length - position);
            System.arraycopy(current, position, b, off, n);
            position += n;
            return n;
          }
          pieces.set(piece, null);
          piece++;
          position = 0;
        }
        return -1;
      }

      @Override
      public int available() {
        if (piece >= pieces.size()) {
          return 0;
        }
        int length = piece == pieces.size() - 1 ? fill : pieces.get(piece).length;
        return length - position;
      }
    };
  }
}
