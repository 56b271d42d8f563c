package org.instrumentelement.ie.opcuapeer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LatencyRecorderTest {

  @Test
  void percentilesAreUpperBucketEdgesOfOneWindow() {
    LatencyRecorder r = new LatencyRecorder();
    for (int i = 1; i <= 100; i++) {
      r.record(i * 100L); // 0.1 ms .. 10 ms
    }
    LatencyRecorder.Percentiles p = r.takePercentiles();
    assertEquals(100, p.samples());
    assertEquals(5110, p.p50Micros()); // the 51st value, 5,100 µs, in the bucket up to 5,110
    assertEquals(10_010, p.p99Micros());
    assertEquals(new LatencyRecorder.Percentiles(0, -1, -1), r.takePercentiles());
  }

  @Test
  void valuesBeyondTheBucketsLandInTheLast() {
    LatencyRecorder r = new LatencyRecorder();
    r.record(-5);
    r.record(-5);
    r.record(LatencyRecorder.MAX_MILLIS * 1000L * 10);
    LatencyRecorder.Percentiles p = r.takePercentiles();
    assertEquals(LatencyRecorder.BUCKET_MICROS, p.p50Micros());
    assertEquals(LatencyRecorder.MAX_MILLIS * 1000L + LatencyRecorder.BUCKET_MICROS, p.p99Micros());
  }
}
