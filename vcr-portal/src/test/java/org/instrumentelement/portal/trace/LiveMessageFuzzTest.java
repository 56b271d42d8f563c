package org.instrumentelement.portal.trace;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterAll;

/** Fuzzes the messages a browser sends the portal's live-trace WebSocket. */
class LiveMessageFuzzTest {
  private static final int MAX_POINTS = TraceTesting.MAX_POINTS;
  private static final TraceHub HUB = TraceTesting.hubWithoutElements();
  private static final Method ON_MESSAGE = method();
  private static final Field VIEWER = field("viewer");
  private static final Field WINDOW = viewerField("window");

  @AfterAll
  static void close() {
    HUB.close();
  }

  /**
   * Invariant: whatever text a browser sends ({@code LiveSocket.onMessage}: an acknowledgement,
   * watch or unwatch of a trace, the chart's width, the frame format, the window of unacknowledged
   * frames, or anything else), the socket neither throws nor leaves its viewer out of bounds: at
   * most {@code maxPoints} and at least 100 points per frame, a window of 0 to {@link
   * Viewer#MAX_WINDOW}. A watch from a user the handshake did not sign in, or of an element the
   * portal does not know, is refused without a call.
   */
  @FuzzTest
  @DictionaryEntries({
    "{\"op\":\"ack\"}",
    "\"op\":\"watch\"",
    "\"op\":\"unwatch\"",
    "\"width\":",
    "\"format\":\"binary\"",
    "\"window\":",
    "\"ie\":\"ie\"",
    "\"im\":\"lab/scope\"",
    "\"attribute\":\"trace\""
  })
  void messages(byte[] input) throws Exception {
    LiveSocket socket = new LiveSocket(HUB);
    Viewer viewer = HUB.connect(MemorySocket.taking(), () -> null);
    VIEWER.set(socket, viewer);
    try {
      for (String message : new String(input, StandardCharsets.UTF_8).split("\u0000", 16)) {
        ON_MESSAGE.invoke(socket, message);
        int points = viewer.points();
        int window = WINDOW.getInt(viewer);
        if (points < Math.min(100, MAX_POINTS) || points > MAX_POINTS) {
          throw new AssertionError("points per frame " + points);
        }
        if (window < 0 || window > Viewer.MAX_WINDOW) {
          throw new AssertionError("window " + window);
        }
      }
    } catch (InvocationTargetException e) {
      throw new AssertionError("onMessage threw", e.getCause());
    } finally {
      HUB.forget(viewer);
    }
  }

  private static Method method() {
    try {
      Method m = LiveSocket.class.getDeclaredMethod("onMessage", String.class);
      m.setAccessible(true);
      return m;
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Field field(String name) {
    try {
      Field f = LiveSocket.class.getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Field viewerField(String name) {
    try {
      Field f = Viewer.class.getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException(e);
    }
  }
}
