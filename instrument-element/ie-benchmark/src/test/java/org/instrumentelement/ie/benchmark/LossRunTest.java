package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class LossRunTest {
  @Test
  void theIeRunsWithTheBrokersDefaults() {
    BenchmarkOptions o = BenchmarkOptionsTest.options("--loss-period-ms=2");
    List<String> opts = LossRun.ieOptions(o);
    assertTrue(opts.contains("--security.enabled=false"), String.valueOf(opts));
    assertFalse(opts.stream().anyMatch(x -> x.startsWith("--broker.")), String.valueOf(opts));
  }
}
