package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WaveformSynthesizerTest {
  private static final int TABLE = 1 << 16;

  /** A constant input, so that a sample is its level plus the noise at its place in the table. */
  private static final MockInput DC = new MockInput(MockInput.Shape.DC, 0, 0.5, 0, 0.1);

  private static double[] acquire(WaveformSynthesizer s, int points, int noiseAt) {
    return s.acquire(
        DC,
        1e-6,
        points,
        0,
        Double.NaN,
        Double.NEGATIVE_INFINITY,
        Double.POSITIVE_INFINITY,
        0,
        noiseAt);
  }

  @Test
  void noiseRunsOnAcrossTheEndOfItsTable() {
    WaveformSynthesizer s = new WaveformSynthesizer(42);
    int points = TABLE + 5_000;
    double[] fromStart = acquire(s, points, 0);
    double[] nearEnd = acquire(s, points, TABLE - 1_000);
    for (int k = 0; k < 1_000; k++) {
      assertEquals(fromStart[TABLE - 1_000 + k], nearEnd[k], "sample " + k);
    }
    for (int k = 1_000; k < points; k++) {
      assertEquals(fromStart[(k - 1_000) % TABLE], nearEnd[k], "sample " + k);
    }
    // noise, not a constant: the samples spread around the level
    double min = Double.MAX_VALUE;
    double max = -Double.MAX_VALUE;
    for (double v : fromStart) {
      min = Math.min(min, v);
      max = Math.max(max, v);
    }
    assertTrue(min < 0.4 && max > 0.6, min + " .. " + max);
  }

  @Test
  void samplesOutsideTheScreenAreClippedToItsEdges() {
    WaveformSynthesizer s = new WaveformSynthesizer(7);
    double[] free = acquire(s, 10_000, 123);
    double[] clipped = s.acquire(DC, 1e-6, 10_000, 0, Double.NaN, 0.45, 0.55, 0, 123);
    int low = 0;
    int high = 0;
    for (int i = 0; i < free.length; i++) {
      double expected = free[i] < 0.45 ? 0.45 : (free[i] > 0.55 ? 0.55 : free[i]);
      assertEquals(expected, clipped[i], "sample " + i);
      low += clipped[i] == 0.45 ? 1 : 0;
      high += clipped[i] == 0.55 ? 1 : 0;
    }
    assertTrue(low > 100 && high > 100, low + " low, " + high + " high");
  }

  @Test
  void aScreenEdgeOnOneSideClipsThatSideOnly() {
    WaveformSynthesizer s = new WaveformSynthesizer(7);
    double[] free = acquire(s, 10_000, 123);
    double[] bottom =
        s.acquire(DC, 1e-6, 10_000, 0, Double.NaN, 0.45, Double.POSITIVE_INFINITY, 0, 123);
    double[] top =
        s.acquire(DC, 1e-6, 10_000, 0, Double.NaN, Double.NEGATIVE_INFINITY, 0.55, 0, 123);
    for (int i = 0; i < free.length; i++) {
      assertEquals(Math.max(0.45, free[i]), bottom[i], "sample " + i);
      assertEquals(Math.min(0.55, free[i]), top[i], "sample " + i);
    }
  }
}
