package org.instrumentelement.ie.benchmark;

import java.util.List;

/**
 * The codes part's figures as the tests give them: a 2,500-point scope trace, 50 traces/s to 10
 * subscribers, with the bytes a run measured; the CPU figures are ones, which no test reads.
 */
final class CodesFigures {
  private CodesFigures() {}

  /** The part with {@code formats}. */
  static Results.Codes of(Results.CodesFormat... formats) {
    return new Results.Codes(2500, 50, 10, List.of(formats), "1.5 1.2 1.0");
  }

  /** WORD codes, with the history's bytes per trace as given. */
  static Results.CodesFormat word(double historyBytesDoubles, double historyBytesCodes) {
    return new Results.CodesFormat(
        "WORD",
        20210,
        5240,
        27100,
        20900,
        7100,
        20030,
        5030,
        historyBytesDoubles,
        historyBytesCodes,
        1,
        1,
        1,
        1,
        1);
  }

  /** BYTE codes. */
  static Results.CodesFormat bytes() {
    return new Results.CodesFormat(
        "BYTE", 20210, 2740, 27100, 20900, 3700, 20030, 2530, 20012, 2516, 1, 1, 1, 1, 1);
  }
}
