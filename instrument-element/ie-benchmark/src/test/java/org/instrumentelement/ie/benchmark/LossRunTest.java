package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LossRunTest {
  @Test
  void theBrokerHoldsASecondOfSamplesAndNeverFewerThanTheDefault() {
    assertEquals(1000, LossRun.pendingMessages(1), "1,000 samples/s");
    assertEquals(200, LossRun.pendingMessages(5));
    assertEquals(334, LossRun.pendingMessages(3), "rounded up");
    assertEquals(100, LossRun.pendingMessages(20), "the IE's default, not 50");
    assertEquals(100, LossRun.pendingMessages(1000));
  }

  @Test
  void theIeIsStartedWithIt() {
    BenchmarkOptions o = BenchmarkOptionsTest.options("--loss-period-ms=2");
    assertTrue(
        LossRun.ieOptions(o).contains("--broker.maxPendingMessages=500"),
        String.valueOf(LossRun.ieOptions(o)));
  }
}
