package org.instrumentelement.portal.trace;

/**
 * About {@code rate} frames a second, as a token bucket with a burst of {@value #BURST}, so that a
 * value arriving a little early (the IE's sampling jitters) goes out at once. The bucket fills
 * {@value #HEADROOM} times faster than {@code rate}: at exactly the rate a bucket has no pull back
 * to full, and one early value would delay every later one by the same amount (measured: 29 ms on
 * every frame of an IE sampling every 50 ms under a maximum of 20 a second); with the headroom an
 * early value's delay fades within a few frames, and a faster source gets at most 10 % more.
 * Thread-safe.
 */
final class FrameThrottle {
  static final int BURST = 2;
  static final double HEADROOM = 1.1;

  private final long intervalNanos;
  private double tokens = BURST;
  private long last = Long.MIN_VALUE;

  FrameThrottle(int ratePerSecond) {
    this.intervalNanos = Math.round(1e9 / (ratePerSecond * HEADROOM));
  }

  /**
   * Takes a frame's turn at {@code nowNanos}: 0 when it may go now, else how many nanoseconds it
   * has to wait (the turn is reserved: call once per frame).
   */
  synchronized long reserve(long nowNanos) {
    if (last != Long.MIN_VALUE) {
      tokens = Math.min(BURST, tokens + (double) (nowNanos - last) / intervalNanos);
    }
    last = nowNanos;
    tokens -= 1;
    return tokens >= 0 ? 0 : (long) Math.ceil(-tokens * intervalNanos);
  }
}
