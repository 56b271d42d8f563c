package org.instrumentelement.ie.measure.link;

/**
 * One direction of a shaped link, shared by every connection that crosses it, as the bottleneck of
 * a wide-area link is: bytes leave one after the other at the link's rate, in the order they
 * arrived, and reach the far end one one-way delay after their last bit left. A burst queues behind
 * the bytes already on the link, so its delay grows as a real bottleneck's queue does.
 */
final class LinkDirection {
  private final double nanosPerByte;
  private final long delayNanos;

  /** When the link finishes sending what it has accepted so far ({@link System#nanoTime}). */
  private long freeAt = Long.MIN_VALUE;

  LinkDirection(LinkShape shape) {
    this.nanosPerByte = shape.nanosPerByte();
    this.delayNanos = shape.oneWayDelay().toNanos();
  }

  /**
   * Puts {@code bytes} that arrived at {@code arrivedNanos} on the link, behind what is already on
   * it, and returns when their last byte reaches the far end.
   */
  synchronized long deliveryTime(int bytes, long arrivedNanos) {
    long start = freeAt == Long.MIN_VALUE || freeAt - arrivedNanos < 0 ? arrivedNanos : freeAt;
    freeAt = start + Math.round(bytes * nanosPerByte);
    return freeAt + delayNanos;
  }
}
