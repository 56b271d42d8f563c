package org.instrumentelement.portal.trace;

import java.util.Arrays;

/**
 * A snapshot as a JSON frame (docs/portal.md, "The page's API"): readable by any WebSocket client
 * and by people, about 2.5 times the bytes of the binary frame for a vector, and parsed as text by
 * the browser. A trace whose instrument names clip codes also says which of its samples were
 * clipped ({@code clippedLow}, {@code clippedHigh}, {@code clippedLowPoints}, {@code
 * clippedHighPoints}).
 */
final class JsonFrameEncoder {
  private JsonFrameEncoder() {}

  /** The frame of {@code s}, its vector reduced to {@code points} (null when it has none). */
  static Frame encode(TraceSnapshot s, TraceDecimator.Points points) {
    FrameWriter w = new FrameWriter();
    w.string("type", "trace")
        .string("ie", s.key().element())
        .string("im", s.key().im())
        .string("attribute", s.key().attribute())
        .string("status", s.status())
        .number("seq", s.seq())
        .number("gaps", s.gaps())
        .number("missed", s.missed())
        .number("restarts", s.restarts())
        .number("rate", Math.round(s.rate() * 100) / 100.0)
        .string("units", s.units())
        .string("quality", s.quality())
        .string("acquired", s.acquired() == null ? null : s.acquired().toString())
        .number("acquiredMillis", s.acquiredMicros() / 1000.0);
    if (!s.vector()) {
      if (s.scalar() != null) {
        w.number("value", s.scalar());
      } else if (s.text() != null) {
        w.string("text", s.text());
      }
      return Frame.text(w.end());
    }
    w.number("x0", s.x0()).number("dx", s.dx()).string("xUnits", s.xUnits());
    w.number("length", s.values().length).bool("decimated", points.decimated());
    if (points.decimated()) {
      w.ints("i", points.index());
    }
    TraceCodes codes = s.codes();
    if (codes != null && codes.tellsClipping() && codes.length() == s.values().length) {
      clipping(w, codes, points);
    }
    return Frame.text(w.floats("y", points.values()).end());
  }

  /**
   * For a trace whose instrument names clip codes: how many samples of the whole vector it clipped
   * at the bottom and at the top of its screen, and which points of {@code y} are such samples.
   */
  private static void clipping(FrameWriter w, TraceCodes codes, TraceDecimator.Points points) {
    int[] counts = codes.clipCounts();
    int n = points.values().length;
    int[] low = new int[n];
    int[] high = new int[n];
    int lows = 0;
    int highs = 0;
    for (int k = 0; k < n; k++) {
      int c = codes.clipped(points.decimated() ? points.index()[k] : k);
      if (c < 0) {
        low[lows++] = k;
      } else if (c > 0) {
        high[highs++] = k;
      }
    }
    w.number("clippedLow", counts[0]).number("clippedHigh", counts[1]);
    w.ints("clippedLowPoints", Arrays.copyOf(low, lows));
    w.ints("clippedHighPoints", Arrays.copyOf(high, highs));
  }
}
