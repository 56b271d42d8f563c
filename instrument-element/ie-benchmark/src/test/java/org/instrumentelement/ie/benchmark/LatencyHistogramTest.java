package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LatencyHistogramTest {
  @Test
  void percentilesAreBucketEdgesNeverBelowTheTrueValue() {
    LatencyHistogram h = new LatencyHistogram(200_000);
    for (int i = 1; i <= 100; i++) {
      h.record(i * 1000L); // 1 .. 100 ms
    }
    h.record(250_000);
    assertEquals(101, h.count());
    assertEquals(1, h.over(), "one above 200 ms");
    assertEquals(51.1, h.percentileMillis(0.5), 1e-9, "the 51st value, 51 ms, in (51.0, 51.1]");
    assertEquals(250, h.maxMillis());
    assertEquals(250, h.percentileMillis(1.0), 1e-9, "the largest, exactly");
  }

  @Test
  void nothingRecordedIsNotANumber() {
    LatencyHistogram h = new LatencyHistogram(0);
    assertTrue(Double.isNaN(h.percentileMillis(0.99)));
    assertTrue(Double.isNaN(h.maxMillis()));
  }

  @Test
  void beyondTenSecondsCountsInTheLastBucket() {
    LatencyHistogram h = new LatencyHistogram(0);
    h.record(60_000_000);
    assertEquals(60_000, h.maxMillis());
    assertEquals(60_000, h.percentileMillis(0.5), 1e-9, "capped at the largest value");
  }
}
