package org.instrumentelement.portal.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.instrumentelement.portal.auth.Credentials;

/**
 * One browser's WebSocket, and the promise that a slow browser gets fewer, newer frames instead of
 * a backlog. Per watched trace there is one slot holding only the newest frame not yet sent (a new
 * frame replaces it); one frame at a time is on its way to the socket; and a page that acknowledges
 * frames (its watch message gives a {@code window}) has at most that many frames unacknowledged, so
 * that not even the network's buffers hold more. Nothing here grows with time or with the number of
 * viewers: a viewer holds one slot per trace it watches.
 */
final class Viewer {
  /** Most frames a page may leave unacknowledged. */
  static final int MAX_WINDOW = 8;

  private final FrameSocket socket;
  private final int maxPoints;
  private final Supplier<Credentials> who;
  private final Consumer<Viewer> gone;
  // One slot per watched trace, a page watches a few: a list scanned by identity first (the
  // feed's key is the same object every time) is cheaper than a map, once per frame and viewer.
  private final List<Slot> slots = new ArrayList<>(2);
  private volatile FrameFormat format = FrameFormat.JSON;
  private volatile int points;
  private int window;
  private int unacknowledged;
  private boolean writing;
  private long writingSince;
  private long turns;
  private long sent;
  private long superseded;
  private long acknowledged;
  private long failed;

  /** What waits for one trace: a message about it (a refusal) first, then its newest frame. */
  private static final class Slot {
    final TraceFeed.Key key;
    Frame message;
    Frame frame;
    long lastServed;

    Slot(TraceFeed.Key key) {
      this.key = key;
    }
  }

  /** The slot of {@code key}, made if {@code create}, else null when there is none. */
  private Slot slot(TraceFeed.Key key, boolean create) {
    for (int i = 0; i < slots.size(); i++) {
      Slot s = slots.get(i);
      if (s.key == key) {
        return s;
      }
    }
    for (int i = 0; i < slots.size(); i++) {
      Slot s = slots.get(i);
      if (s.key.equals(key)) {
        return s;
      }
    }
    if (!create) {
      return null;
    }
    Slot s = new Slot(key);
    slots.add(s);
    return s;
  }

  /**
   * @param maxPoints the most points a frame may have (the portal's {@code trace.maxPoints})
   * @param who the signed-in user of the page, read anew each time its rights are checked (null
   *     once its session has ended)
   * @param gone called once a send has failed: the socket is broken (the container closes it
   *     without always telling the endpoint), so the viewer is to be forgotten
   */
  Viewer(FrameSocket socket, int maxPoints, Supplier<Credentials> who, Consumer<Viewer> gone) {
    this.socket = socket;
    this.maxPoints = maxPoints;
    this.who = who;
    this.gone = gone;
    this.points = pointsFor(1000, maxPoints);
  }

  String id() {
    return socket.id();
  }

  /** The page's signed-in user now, or null when its session has ended. */
  Credentials who() {
    return who.get();
  }

  /** The format this viewer's page asked for. */
  FrameFormat format() {
    return format;
  }

  void format(FrameFormat f) {
    format = f;
  }

  /** Points per frame for this viewer's chart width (see {@link #pointsFor}). */
  int points() {
    return points;
  }

  /** The chart's width in pixels, which bounds the points sent. */
  void width(int pixels) {
    points = pointsFor(pixels, maxPoints);
  }

  /**
   * Frames this viewer may leave unacknowledged; 0: the page does not acknowledge (a frame is done
   * when the socket has taken it).
   */
  synchronized void window(int frames) {
    window = Math.max(0, Math.min(frames, MAX_WINDOW));
    if (window == 0) {
      unacknowledged = 0;
    }
  }

  /**
   * At most two points per pixel, the width first rounded down to one of a few buckets (powers of
   * two and one and a half times them: 256, 384, 512, 768, 1024, ...), so that viewers of nearly
   * the same width share one frame; at least 100 points, at most {@code maxPoints}.
   */
  static int pointsFor(int widthPixels, int maxPoints) {
    int w = Math.max(50, Math.min(widthPixels, 10_000));
    int bucket = Integer.highestOneBit(w);
    if (w >= bucket + bucket / 2) {
      bucket += bucket / 2;
    }
    return Math.min(maxPoints, Math.max(100, 2 * bucket));
  }

  /** {@code frame} is the newest of trace {@code key}: it replaces the one waiting, if any. */
  void offer(TraceFeed.Key key, Frame frame) {
    Frame next;
    synchronized (this) {
      Slot s = slot(key, true);
      if (s.frame != null) {
        superseded++;
      }
      s.frame = frame;
      next = startNext();
    }
    send(next);
  }

  /** A message about trace {@code key} (a refusal), sent before its next frame. */
  void tell(TraceFeed.Key key, Frame message) {
    Frame next;
    synchronized (this) {
      slot(key, true).message = message;
      next = startNext();
    }
    send(next);
  }

  /** Trace {@code key} is no longer watched: what waits for it is dropped. */
  void drop(TraceFeed.Key key) {
    synchronized (this) {
      slots.remove(slot(key, false));
    }
  }

  /** The page has drawn a frame. */
  void acknowledged() {
    Frame next;
    synchronized (this) {
      if (unacknowledged > 0) {
        unacknowledged--;
      }
      acknowledged++;
      next = startNext();
    }
    send(next);
  }

  /**
   * The next waiting frame, if the socket is free and the window allows, marked as being sent; null
   * when nothing is to be sent now. Called holding the lock; {@link #send} outside it.
   */
  private Frame startNext() {
    if (writing || (window > 0 && unacknowledged >= window) || !socket.isOpen()) {
      return null;
    }
    Frame next = takeNext();
    if (next != null) {
      writing = true;
      writingSince = System.nanoTime();
      if (window > 0) {
        unacknowledged++;
      }
      sent++;
    }
    return next;
  }

  private void send(Frame next) {
    if (next != null) {
      socket.send(next, this::written);
    }
  }

  /**
   * Whether a send has been in progress for longer than {@code nanos}: the browser reads nothing
   * (its page is gone or hung); closing its socket frees it, and a live page reconnects.
   */
  synchronized boolean stuck(long nowNanos, long nanos) {
    return writing && nowNanos - writingSince > nanos;
  }

  /** Closes the socket (see {@link #stuck}). */
  void close() {
    socket.close();
  }

  /**
   * The waiting message or frame of the trace served longest ago (a trace never served first), so
   * that traces take turns; a trace's message goes before its frame.
   */
  private Frame takeNext() {
    Slot next = null;
    for (Slot s : slots) {
      if ((s.message != null || s.frame != null)
          && (next == null || s.lastServed < next.lastServed)) {
        next = s;
      }
    }
    if (next == null) {
      return null;
    }
    next.lastServed = ++turns;
    Frame f;
    if (next.message != null) {
      f = next.message;
      next.message = null;
    } else {
      f = next.frame;
      next.frame = null;
    }
    return f;
  }

  private void written(boolean ok) {
    Frame next = null;
    synchronized (this) {
      writing = false;
      if (!ok) {
        failed++;
      } else {
        next = startNext();
      }
    }
    if (ok) {
      send(next);
    } else {
      gone.accept(this);
    }
  }

  /** This viewer's counters and what is waiting, for the portal's statistics. */
  synchronized Counters counters() {
    int waiting = 0;
    for (Slot s : slots) {
      waiting += (s.message != null ? 1 : 0) + (s.frame != null ? 1 : 0);
    }
    return new Counters(sent, superseded, acknowledged, failed, waiting, writing, unacknowledged);
  }

  /**
   * @param sent frames handed to the socket
   * @param superseded frames replaced by a newer one before they could be sent
   * @param acknowledged acknowledgements from the page
   * @param failed sends that failed (the socket closed)
   * @param waiting frames waiting now (at most two per watched trace)
   * @param writing whether a send is in progress
   * @param unacknowledged frames sent and not yet acknowledged
   */
  record Counters(
      long sent,
      long superseded,
      long acknowledged,
      long failed,
      int waiting,
      boolean writing,
      int unacknowledged) {}
}
