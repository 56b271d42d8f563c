package org.instrumentelement.portal.trace;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class TraceStatisticsTest {

  /**
   * The figures are read while the frame thread goes on sending out (the portal's {@code
   * api/traces} and LiveTracesIT read them so): however the two threads interleave, they never show
   * more frames of a format than snapshots sent out, which encode-once allows.
   */
  @Test
  void framesBuiltNeverOutnumberTheSnapshotsSentOutInTheFigures() throws Exception {
    TraceFeed feed =
        new TraceFeed(
            new TraceFeed.Key("ie", "lab/scope", "waveform"),
            new FrameThrottle(20),
            f -> {},
            TraceFeedTest::explain);
    AtomicBoolean stop = new AtomicBoolean();
    Thread frames =
        new Thread(
            () -> {
              while (!stop.get()) {
                // as TraceHub.emit: a snapshot is counted as sent out, then its frames are built
                // (counted only, so that the counts change as fast as they can)
                feed.counters.countEmit();
                feed.counters.countEncode(FrameFormat.BINARY, 1, 100);
                feed.counters.countEncode(FrameFormat.JSON, 1, 100);
              }
            });
    frames.start();
    try {
      for (int i = 0; i < 100_000; i++) {
        TraceStatistics.Trace t = TraceStatistics.of(List.of(), List.of(feed)).traces().get(0);
        String what = "read " + i + ": " + t;
        assertTrue(t.encodes().binary() <= t.emitted(), what);
        assertTrue(t.encodes().json() <= t.emitted(), what);
      }
    } finally {
      stop.set(true);
      frames.join();
    }
  }
}
