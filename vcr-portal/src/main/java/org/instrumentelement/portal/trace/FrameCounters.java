package org.instrumentelement.portal.trace;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * What one feed's frames cost: how many snapshots were sent out, how many frames were built from
 * them (per format) and how long that took and how big they were. With encode-once, frames built
 * grow with the values and the widths in use, never with the number of viewers.
 */
final class FrameCounters {
  private static final int FORMATS = FrameFormat.values().length;

  private final AtomicLong emitted = new AtomicLong();
  private final AtomicLong decimations = new AtomicLong();
  private final AtomicLong decimationNanos = new AtomicLong();
  private final AtomicLongArray encodes = new AtomicLongArray(FORMATS);
  private final AtomicLongArray encodeNanos = new AtomicLongArray(FORMATS);
  private final AtomicLongArray bytes = new AtomicLongArray(FORMATS);

  void countEmit() {
    emitted.incrementAndGet();
  }

  void countDecimation(long nanos) {
    decimations.incrementAndGet();
    decimationNanos.addAndGet(nanos);
  }

  void countEncode(FrameFormat format, long nanos, int size) {
    encodes.incrementAndGet(format.ordinal());
    encodeNanos.addAndGet(format.ordinal(), nanos);
    bytes.addAndGet(format.ordinal(), size);
  }

  /** Snapshots sent out to the feed's viewers. */
  long emitted() {
    return emitted.get();
  }

  /** Frames built in this format. */
  long encodes(FrameFormat format) {
    return encodes.get(format.ordinal());
  }

  long decimations() {
    return decimations.get();
  }

  /** Mean microseconds to reduce a vector to a width; NaN before the first. */
  double decimationMicros() {
    return mean(decimationNanos.get() / 1000.0, decimations.get());
  }

  /** Mean microseconds to build one frame in this format; NaN before the first. */
  double encodeMicros(FrameFormat format) {
    return mean(encodeNanos.get(format.ordinal()) / 1000.0, encodes(format));
  }

  /** Mean bytes of a frame in this format; NaN before the first. */
  double bytesPerFrame(FrameFormat format) {
    return mean(bytes.get(format.ordinal()), encodes(format));
  }

  private static double mean(double total, long n) {
    return n == 0 ? Double.NaN : total / n;
  }
}
