package org.instrumentelement.portal.trace;

import java.util.function.Consumer;

/**
 * Where a viewer's frames go: the browser's WebSocket, sending asynchronously. One send at a time;
 * the viewer starts the next only when the last one is done.
 */
interface FrameSocket {
  /** An id for logs and statistics. */
  String id();

  /** Whether frames can still be sent. */
  boolean isOpen();

  /**
   * Starts sending {@code frame} and returns; {@code done} is told later, on another thread,
   * whether it went out (false: the socket failed or closed).
   */
  void send(Frame frame, Consumer<Boolean> done);

  /** Closes the socket: its browser has read nothing for too long. May take a while. */
  void close();
}
