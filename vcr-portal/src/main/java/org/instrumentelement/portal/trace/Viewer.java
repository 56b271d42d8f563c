package org.instrumentelement.portal.trace;

import jakarta.websocket.SendResult;
import jakarta.websocket.Session;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One browser's WebSocket. Frames are sent one at a time; while one is on its way, only the newest
 * frame of each trace waits, so a slow browser sees fewer frames instead of older ones, and never
 * slows the subscription or other browsers.
 */
final class Viewer {
  private final Session session;
  private final Map<String, String> pending = new LinkedHashMap<>();
  private volatile int width = 1000;
  private boolean inFlight;
  private long skipped;

  Viewer(Session session) {
    this.session = session;
  }

  String id() {
    return session.getId();
  }

  /** The chart's width in pixels, which bounds the points sent. */
  int width() {
    return width;
  }

  void width(int pixels) {
    width = Math.max(50, Math.min(pixels, 10_000));
  }

  /** Frames replaced by newer ones before they could be sent. */
  synchronized long skipped() {
    return skipped;
  }

  /** Queues {@code frame} as the newest of trace {@code key} and sends when the socket is free. */
  void offer(String key, String frame) {
    synchronized (this) {
      if (pending.put(key, frame) != null) {
        skipped++;
      }
    }
    pump();
  }

  private void pump() {
    String frame;
    synchronized (this) {
      if (inFlight || pending.isEmpty() || !session.isOpen()) {
        return;
      }
      Iterator<String> it = pending.values().iterator();
      frame = it.next();
      it.remove();
      inFlight = true;
    }
    try {
      session.getAsyncRemote().sendText(frame, this::sent);
    } catch (RuntimeException e) {
      // the socket closed under us; the hub forgets this viewer on close
      synchronized (this) {
        inFlight = false;
      }
    }
  }

  private void sent(SendResult result) {
    synchronized (this) {
      inFlight = false;
    }
    if (result.isOK()) {
      pump();
    }
  }
}
