package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.instrumentelement.ie.benchmark.SubscriptionRate.IeRun;
import org.junit.jupiter.api.Test;

class SubscriptionRateTest {
  @Test
  void theIesTwoWindowsAroundTheBarePublishersCountAsTheirMean() {
    IeRun before = new IeRun(66_000, 15.0, 30_000, 3_000, null);
    IeRun after = new IeRun(64_000, 16.0, 29_000, 2_000, null);
    IeRun both = before.and(after);
    assertEquals(65_000, both.rate());
    assertEquals(15.5, both.cpuMicros());
    assertEquals(59_000, both.published());
    assertEquals(5_000, both.superseded());
  }
}
