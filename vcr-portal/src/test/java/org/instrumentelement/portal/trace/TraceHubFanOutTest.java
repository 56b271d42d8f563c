package org.instrumentelement.portal.trace;

import static org.instrumentelement.portal.trace.TraceTesting.await;
import static org.instrumentelement.portal.trace.TraceTesting.waveform;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The hub's fan-out without sockets: frames built per value, width and format, never per viewer,
 * and viewers that read nothing holding back no one.
 */
class TraceHubFanOutTest {
  private static final TraceFeed.Key KEY = new TraceFeed.Key("ie", "lab/scope", "waveform");

  private final TraceHub hub = TraceTesting.hubWithoutElements();

  @AfterEach
  void close() {
    hub.close();
  }

  @Test
  void framesAreBuiltPerValueWidthAndFormatNotPerViewer() throws Exception {
    List<MemorySocket> sockets = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      MemorySocket s = MemorySocket.taking();
      Viewer v = hub.connect(s, () -> null);
      v.format(i % 2 == 0 ? FrameFormat.BINARY : FrameFormat.JSON);
      v.width(i % 4 < 2 ? 1200 : 1100); // one bucket: the same frame for both widths
      hub.watch(v, KEY);
      sockets.add(s);
    }
    TraceFeed feed = awaitFeed();
    publish(feed, 40);
    await(() -> sockets.stream().allMatch(s -> lastSeq(s) == 40), "every viewer shows value 40");
    FrameCounters c = feed.counters;
    assertTrue(c.emitted() >= 1);
    // One frame per snapshot sent out (and the first one viewers got on joining), per format.
    assertTrue(
        c.encodes(FrameFormat.JSON) <= c.emitted() + 1, "JSON " + c.encodes(FrameFormat.JSON));
    assertTrue(
        c.encodes(FrameFormat.BINARY) <= c.emitted() + 1,
        "binary " + c.encodes(FrameFormat.BINARY));
    long delivered = sockets.stream().mapToLong(s -> s.sent().size()).sum();
    assertTrue(delivered >= 200 * c.emitted(), "each snapshot went to all 200: " + delivered);
  }

  @Test
  void viewersThatReadNothingHoldBackNoOneAndQueueNothing() throws Exception {
    List<MemorySocket> live = new ArrayList<>();
    List<Viewer> stalled = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      // One in ten takes its frames; the others read nothing: their first send never completes.
      MemorySocket s = i % 10 == 0 ? MemorySocket.taking() : MemorySocket.holding();
      Viewer v = hub.connect(s, () -> null);
      v.format(FrameFormat.BINARY);
      hub.watch(v, KEY);
      if (i % 10 == 0) {
        live.add(s);
      } else {
        stalled.add(v);
      }
    }
    TraceFeed feed = awaitFeed();
    for (int round = 1; round <= 5; round++) {
      long last = publish(feed, 40 * round);
      await(() -> live.stream().allMatch(s -> lastSeq(s) == last), "live viewers show " + last);
    }
    for (Viewer v : stalled) {
      Viewer.Counters c = v.counters();
      assertEquals(1, c.sent(), "one send in progress, never completed");
      assertTrue(c.waiting() <= 1, "only the newest frame waits: " + c.waiting());
    }
    TraceStatistics stats = hub.statistics();
    assertTrue(stats.mostWaiting() <= 1, "mostWaiting " + stats.mostWaiting());
    assertTrue(stats.superseded() > 0);
  }

  private static final Pattern SEQ = Pattern.compile("\"seq\":(\\d+)");

  /** The seq of the newest value {@code socket} was sent, in either format; -1 before any. */
  private static long lastSeq(MemorySocket socket) {
    List<Frame> sent = socket.sent();
    for (int i = sent.size() - 1; i >= 0; i--) {
      Frame frame = sent.get(i);
      if (!frame.isText()) {
        return (long) frame.bytes().order(ByteOrder.LITTLE_ENDIAN).getDouble(16);
      }
      Matcher m = SEQ.matcher(frame.text());
      if (m.find()) {
        return Long.parseLong(m.group(1));
      }
    }
    return -1;
  }

  private TraceFeed awaitFeed() throws InterruptedException {
    await(() -> hub.feed(KEY) != null, "the feed exists");
    return hub.feed(KEY);
  }

  private long seq;

  /** Values up to seq {@code upTo}, 5 ms apart, as a subscription would deliver them. */
  private long publish(TraceFeed feed, long upTo) throws InterruptedException {
    while (seq < upTo) {
      seq++;
      feed.onValue(waveform(1, seq, 2500));
      TimeUnit.MILLISECONDS.sleep(5); // pacing the publisher, not synchronisation
    }
    return seq;
  }
}
