package org.instrumentelement.ial.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class TraceStatisticsTest {

  @Test
  void oneSineTakesItsFiguresInOnePass() {
    double[] v = new double[10_000];
    for (int i = 0; i < v.length; i++) {
      v[i] = 1.5 * Math.sin(2 * Math.PI * 1000 * i * 1e-6) + 0.25; // 1 kHz, 1 us apart
    }
    TraceStatistics s = TraceStatistics.of(v);
    assertEquals(10_000, s.count());
    assertEquals(3.0, s.peakToPeak(), 1e-3);
    assertEquals(0.25, s.mean(), 1e-9);
    assertEquals(Math.sqrt(1.5 * 1.5 / 2 + 0.25 * 0.25), s.rms(), 1e-6);
    assertEquals(1e-3, TraceStatistics.period(v, 1e-6), 1e-6);
  }

  @Test
  void aFlatOrEmptyTraceHasNoPeriod() {
    assertTrue(Double.isNaN(TraceStatistics.period(new double[] {1, 1, 1}, 1)));
    assertTrue(Double.isNaN(TraceStatistics.period(new double[0], 1)));
    assertTrue(Double.isNaN(TraceStatistics.of(new double[0]).mean()));
  }
}
