package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StatisticsTest {

  @Test
  void theMedianOfRepetitionsIgnoresOneBusyMoment() {
    assertEquals(5.0, Statistics.median(5, 1, 900));
    assertEquals(7.0, Statistics.median(7));
  }

  @Test
  void anEvenNumberOfRepetitionsGivesTheUpperMiddleValue() {
    assertEquals(3.0, Statistics.median(4, 1, 3, 2));
  }

  @Test
  void theMedianLeavesItsInputAlone() {
    double[] reps = {3, 1, 2};
    Statistics.median(reps);
    assertEquals(3.0, reps[0]);
  }

  @Test
  void noValuesHaveNoMedianOrPercentile() {
    assertTrue(Double.isNaN(Statistics.median()));
    assertTrue(Double.isNaN(Statistics.percentile(new long[0], 0.5)));
  }

  @Test
  void percentilesPickTheValueAtThatFractionOfTheSortedValues() {
    long[] latencies = new long[100];
    for (int i = 0; i < 100; i++) {
      latencies[i] = 100 - i; // 100 down to 1, unsorted on purpose
    }
    assertEquals(51.0, Statistics.percentile(latencies, 0.5)); // index 50 of 1..100
    assertEquals(100.0, Statistics.percentile(latencies, 0.99)); // index 99
    assertEquals(1.0, Statistics.percentile(latencies, 0.0));
    assertEquals(100.0, Statistics.percentile(latencies, 1.0)); // the last, not past it
    assertEquals(100, latencies[0], "the input is not sorted in place");
  }

  @Test
  void theStandardDeviationIsTheSamplesAroundTheirMean() {
    assertEquals(5.0, Statistics.mean(2, 4, 4, 4, 5, 5, 7, 9), 1e-9);
    // squares 32 over n - 1 = 7
    assertEquals(Math.sqrt(32.0 / 7), Statistics.standardDeviation(2, 4, 4, 4, 5, 5, 7, 9), 1e-9);
    assertTrue(Double.isNaN(Statistics.mean()));
    assertTrue(Double.isNaN(Statistics.standardDeviation(3)));
  }

  @Test
  void aRateIsEventsPerSecondOfTheInterval() {
    assertEquals(250.0, Statistics.perSecond(500, 2_000_000_000L), 1e-9);
    assertEquals(0.0, Statistics.perSecond(0, 1_000_000_000L));
  }

  @Test
  void theSlopeIsTheLeastSquaresTrend() {
    double[] minutes = {0.5, 1.0, 1.5, 2.0};
    assertEquals(2.0, Statistics.slope(minutes, new double[] {101, 102, 103, 104}), 1e-9);
    // Readings that jump around a flat line have no trend.
    assertEquals(0.0, Statistics.slope(minutes, new double[] {100, 110, 110, 100}), 1e-9);
    assertTrue(Double.isNaN(Statistics.slope(new double[] {1}, new double[] {5})));
  }
}
