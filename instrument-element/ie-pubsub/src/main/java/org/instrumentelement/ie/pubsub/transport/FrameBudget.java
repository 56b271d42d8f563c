package org.instrumentelement.ie.pubsub.transport;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * Counts the bytes a wire format reads for one frame and fails the read that goes beyond the
 * frame's budget. This bounds what no length field announces, such as a STOMP frame made of a
 * thousand 10 kB headers.
 */
final class FrameBudget extends FilterInputStream {
  private long budget = Long.MAX_VALUE;
  private long read;

  FrameBudget(InputStream in) {
    super(in);
  }

  /** Starts a frame of at most {@code bytes}. */
  void startFrame(long bytes) {
    budget = bytes;
    read = 0;
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    if (b >= 0) {
      count(1);
    }
    return b;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    int n = super.read(b, off, (int) Math.min(len, room()));
    if (n > 0) {
      count(n);
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    long skipped = super.skip(Math.min(n, room()));
    count(skipped);
    return skipped;
  }

  /** Bytes that may still be read, plus the one that shows the budget is exceeded. */
  private long room() {
    long left = budget - read;
    return left == Long.MAX_VALUE ? left : left + 1;
  }

  @Override
  public boolean markSupported() {
    return false;
  }

  private void count(long n) throws FrameTooLarge {
    read += n;
    if (read > budget) {
      throw new FrameTooLarge("a frame of more than " + budget + " bytes");
    }
  }

  /** A frame that went beyond its budget (or declared more than the limit). */
  static final class FrameTooLarge extends IOException {
    private static final long serialVersionUID = 1L;

    FrameTooLarge(String what) {
      super(what, null);
    }
  }
}
