package org.instrumentelement.portal.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FrameThrottleTest {
  private static final long MS = 1_000_000;

  @Test
  void aSourceAtTheMaximumRateIsNotDelayedAfterAnEarlyValue() {
    FrameThrottle t = new FrameThrottle(20);
    long now = 0;
    for (int i = 0; i < 10; i++, now += 50 * MS) {
      t.reserve(now);
    }
    t.reserve(now - 20 * MS); // a value 20 ms early, then one right after it
    long delay = t.reserve(now - 15 * MS);
    assertTrue(delay > 0, "two at once use the burst; the third waits");
    long later = 0;
    for (int i = 1; i <= 20; i++) {
      later = t.reserve(now + i * 50 * MS);
    }
    assertEquals(0, later, "the delay fades: the source is on time again");
  }

  @Test
  void aFastSourceGetsAboutTheMaximumRate() {
    FrameThrottle t = new FrameThrottle(20);
    long now = 0;
    long emitted = 0;
    long nextFree = 0;
    // A value every 10 ms for 10 s; like the hub, one reservation per emitted frame.
    for (; now < 10_000 * MS; now += 10 * MS) {
      if (now >= nextFree) {
        nextFree = now + t.reserve(now);
        emitted++;
      }
    }
    assertTrue(emitted >= 200 && emitted <= 225, "about 20 a second: " + emitted);
  }
}
