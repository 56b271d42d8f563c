package org.instrumentelement.portal.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A viewer's socket in memory, for the trace tests: it keeps every frame it is sent, and either
 * takes each at once or holds each send until the test completes it, as a browser reading slowly
 * (or, never completed, not at all). Safe to send to from the hub's threads while a test reads it.
 */
final class MemorySocket implements FrameSocket {
  private final boolean holding;
  private final List<Frame> sent = new ArrayList<>();
  private Consumer<Boolean> pending;

  private MemorySocket(boolean holding) {
    this.holding = holding;
  }

  /** A socket that takes every frame at once. */
  static MemorySocket taking() {
    return new MemorySocket(false);
  }

  /**
   * A socket whose sends complete only when the test says so: {@link #complete}, {@link #finish}.
   */
  static MemorySocket holding() {
    return new MemorySocket(true);
  }

  @Override
  public String id() {
    return "memory";
  }

  @Override
  public boolean isOpen() {
    return true;
  }

  @Override
  public void close() {}

  @Override
  public void send(Frame frame, Consumer<Boolean> done) {
    synchronized (this) {
      if (pending != null) {
        throw new IllegalStateException("a second send while one is in progress");
      }
      sent.add(frame);
      if (holding) {
        pending = done;
        return;
      }
    }
    done.accept(true);
  }

  /** The frames sent so far, oldest first. */
  synchronized List<Frame> sent() {
    return new ArrayList<>(sent);
  }

  /** Whether a held send is waiting to be completed. */
  synchronized boolean sending() {
    return pending != null;
  }

  /** The socket has taken the frame being sent. */
  void complete() {
    finish(true);
  }

  /** Ends the held send: {@code ok} false as when the socket failed or closed. */
  void finish(boolean ok) {
    Consumer<Boolean> done;
    synchronized (this) {
      done = pending;
      pending = null;
    }
    done.accept(ok);
  }
}
