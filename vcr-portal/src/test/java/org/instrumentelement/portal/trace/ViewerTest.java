package org.instrumentelement.portal.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A viewer's promise without sockets: fewer, newer frames for a slow browser, never a queue. */
class ViewerTest {
  private static final TraceFeed.Key SCOPE = new TraceFeed.Key("ie", "lab/scope", "waveform");
  private static final TraceFeed.Key ARRAY = new TraceFeed.Key("ie", "lab/array", "vector");

  /** A browser reading slowly: each send completes only when the test says so. */
  private final MemorySocket socket = MemorySocket.holding();

  private final Viewer viewer = new Viewer(socket, 2000, () -> null, v -> {});

  @Test
  void aViewerThatReadsNothingHoldsOneFrameWhateverComes() {
    for (int i = 0; i < 10_000; i++) {
      viewer.offer(SCOPE, frame(i));
    }
    assertEquals(1, socket.sent().size(), "one send in progress, none queued behind it");
    Viewer.Counters c = viewer.counters();
    assertEquals(1, c.waiting(), "only the newest frame waits");
    assertEquals(9_998, c.superseded());
  }

  @Test
  void whenTheSocketIsFreeTheNewestFrameGoesNotTheOldest() {
    viewer.offer(SCOPE, frame(1));
    Frame newest = frame(3);
    viewer.offer(SCOPE, frame(2));
    viewer.offer(SCOPE, newest);
    socket.complete();
    assertEquals(2, socket.sent().size());
    assertSame(newest, socket.sent().get(1));
    socket.complete();
    assertTrue(!socket.sending(), "nothing more to send");
    assertEquals(0, viewer.counters().waiting());
  }

  @Test
  void aPageThatAcknowledgesHasAtMostItsWindowUnacknowledged() {
    viewer.window(2);
    for (int i = 0; i < 50; i++) {
      viewer.offer(SCOPE, frame(i));
      if (socket.sending()) {
        socket.complete(); // the network takes everything at once
      }
    }
    assertEquals(2, socket.sent().size(), "two frames, then it waits for the page");
    assertEquals(2, viewer.counters().unacknowledged());
    Frame newest = frame(99);
    viewer.offer(SCOPE, newest);
    viewer.acknowledged();
    assertEquals(3, socket.sent().size());
    assertSame(newest, socket.sent().get(2), "the acknowledgement brings the newest frame");
  }

  @Test
  void tracesTakeTurnsAndAMessageGoesBeforeItsTracesFrame() {
    viewer.offer(SCOPE, frame(1)); // sent at once
    viewer.offer(SCOPE, frame(2));
    viewer.offer(ARRAY, frame(10));
    Frame refusal = Frame.text("{\"status\":\"NOT_AUTHORIZED\"}");
    viewer.tell(SCOPE, refusal);
    socket.complete();
    socket.complete();
    socket.complete();
    socket.complete();
    List<String> order = socket.sent().stream().map(Frame::text).toList();
    assertEquals(
        List.of("1", "10", "{\"status\":\"NOT_AUTHORIZED\"}", "2"),
        order,
        "after scope, the array's turn; then scope's message before its frame");
  }

  @Test
  void aDroppedTraceSendsNothingMore() {
    viewer.offer(SCOPE, frame(1));
    viewer.offer(SCOPE, frame(2));
    viewer.drop(SCOPE);
    socket.complete();
    assertEquals(1, socket.sent().size());
  }

  @Test
  void aFailedSendMakesTheViewerGone() {
    List<Viewer> gone = new ArrayList<>();
    Viewer v = new Viewer(socket, 2000, () -> null, gone::add);
    v.offer(SCOPE, frame(1));
    v.offer(SCOPE, frame(2));
    socket.finish(false); // the container closed the socket, maybe without telling the endpoint
    assertEquals(List.of(v), gone);
    assertEquals(1, socket.sent().size(), "nothing more is sent to a broken socket");
    assertEquals(1, v.counters().failed());
  }

  @Test
  void widthsShareAFewPointCounts() {
    assertEquals(512, Viewer.pointsFor(300, 2000), "at most two points per pixel");
    assertEquals(512, Viewer.pointsFor(383, 2000));
    assertEquals(768, Viewer.pointsFor(384, 2000));
    assertEquals(1024, Viewer.pointsFor(600, 2000));
    assertEquals(2000, Viewer.pointsFor(1100, 2000), "the portal's maximum");
    assertEquals(100, Viewer.pointsFor(10, 2000), "a floor for tiny charts");
  }

  private static Frame frame(int n) {
    return Frame.text(Integer.toString(n));
  }
}
