package org.instrumentelement.portal.trace;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntPredicate;

/**
 * The frames of one snapshot: each (format, points) frame is built the first time a viewer needs it
 * and then shared by every viewer who asked for the same, and each vector is reduced once per point
 * count for both formats. Used by the hub's frame thread only.
 */
final class FrameSet {
  private final TraceSnapshot snapshot;
  private final FrameCounters counters;
  private final Map<Integer, TraceDecimator.Points> reduced = new HashMap<>(4);
  // A few entries (formats times width buckets in use), looked up once per viewer and frame: a
  // scan of plain arrays beats a map here.
  private FrameFormat[] formats = new FrameFormat[4];
  private int[] pointCounts = new int[4];
  private Frame[] frames = new Frame[4];
  private int built;

  FrameSet(TraceSnapshot snapshot, FrameCounters counters) {
    this.snapshot = snapshot;
    this.counters = counters;
  }

  TraceSnapshot snapshot() {
    return snapshot;
  }

  /** The frame in {@code format} with at most {@code points} points. */
  Frame frame(FrameFormat format, int points) {
    for (int k = 0; k < built; k++) {
      if (formats[k] == format && pointCounts[k] == points) {
        return frames[k];
      }
    }
    TraceDecimator.Points p = snapshot.vector() ? reduce(points) : null;
    long t0 = System.nanoTime();
    Frame f = format.encode(snapshot, p);
    counters.countEncode(format, System.nanoTime() - t0, f.size());
    if (built == frames.length) {
      formats = Arrays.copyOf(formats, 2 * built);
      pointCounts = Arrays.copyOf(pointCounts, 2 * built);
      frames = Arrays.copyOf(frames, 2 * built);
    }
    formats[built] = format;
    pointCounts[built] = points;
    frames[built++] = f;
    return f;
  }

  private TraceDecimator.Points reduce(int points) {
    TraceDecimator.Points p = reduced.get(points);
    if (p == null) {
      long t0 = System.nanoTime();
      TraceCodes codes = snapshot.codes();
      // A clipped sample is kept in its bucket: decimation must not hide that the trace clipped.
      IntPredicate clipped =
          codes != null && codes.tellsClipping() && codes.length() == snapshot.values().length
              ? i -> codes.clipped(i) != 0
              : null;
      p = TraceDecimator.decimate(snapshot.values(), points, clipped);
      counters.countDecimation(System.nanoTime() - t0);
      reduced.put(points, p);
    }
    return p;
  }
}
