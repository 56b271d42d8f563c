package org.instrumentelement.ie.benchmark;

import org.instrumentelement.ie.measure.IeProcess;

/**
 * One measurement of the benchmark: it loads an IE started for it through the IE's published
 * interfaces, prints what it measures, and records its figures in its part of the results.
 */
interface Measurement {
  /**
   * Measures this IE. It may change the IE's sampling, and leaves it off again.
   *
   * @param ie a started IE, shared with the other measurements of the same stage
   * @param results where the figures go
   */
  void run(IeProcess ie, Results results) throws Exception;
}
