package org.instrumentelement.ie.server.gate;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayList;
import java.util.Collections;
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

  /** The body, to be read once. */
  InputStream stream() {
    List<InputStream> parts = new ArrayList<>();
    for (int i = 0; i < pieces.size(); i++) {
      int length = i == pieces.size() - 1 ? fill : pieces.get(i).length;
      parts.add(new ByteArrayInputStream(pieces.get(i), 0, length));
    }
    return new SequenceInputStream(Collections.enumeration(parts));
  }
}
