package org.instrumentelement.portal.trace;

/**
 * At most {@code rate} frames a second on average, with a burst of {@value #BURST}: a value that
 * arrives a little early (the IE's sampling jitters) goes out at once instead of waiting for the
 * next slot, so an IE sampling at exactly the maximum rate loses no frame to the throttle and gains
 * no delay from it. A token bucket; thread-safe.
 */
final class FrameThrottle {
  static final int BURST = 2;

  private final long intervalNanos;
  private double tokens = BURST;
  private long last = Long.MIN_VALUE;

  FrameThrottle(int ratePerSecond) {
    this.intervalNanos = 1_000_000_000L / ratePerSecond;
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
