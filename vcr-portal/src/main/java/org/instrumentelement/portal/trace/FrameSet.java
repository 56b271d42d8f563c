package org.instrumentelement.portal.trace;

import java.util.HashMap;
import java.util.Map;

/**
 * The frames of one snapshot: each (format, points) frame is built the first time a viewer needs it
 * and then shared by every viewer who asked for the same, and each vector is reduced once per point
 * count for both formats. Used by the hub's frame thread only.
 */
final class FrameSet {
  private final TraceSnapshot snapshot;
  private final FrameCounters counters;
  private final Map<Integer, TraceDecimator.Points> reduced = new HashMap<>(4);
  private final Map<Long, Frame> frames = new HashMap<>(8);

  FrameSet(TraceSnapshot snapshot, FrameCounters counters) {
    this.snapshot = snapshot;
    this.counters = counters;
  }

  TraceSnapshot snapshot() {
    return snapshot;
  }

  /** The frame in {@code format} with at most {@code points} points. */
  Frame frame(FrameFormat format, int points) {
    long key = ((long) format.ordinal() << 32) | points;
    Frame f = frames.get(key);
    if (f == null) {
      TraceDecimator.Points p = snapshot.vector() ? reduce(points) : null;
      long t0 = System.nanoTime();
      f = format.encode(snapshot, p);
      counters.countEncode(format, System.nanoTime() - t0, f.size());
      frames.put(key, f);
    }
    return f;
  }

  private TraceDecimator.Points reduce(int points) {
    TraceDecimator.Points p = reduced.get(points);
    if (p == null) {
      long t0 = System.nanoTime();
      p = TraceDecimator.decimate(snapshot.values(), points);
      counters.countDecimation(System.nanoTime() - t0);
      reduced.put(points, p);
    }
    return p;
  }
}
