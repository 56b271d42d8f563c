package org.instrumentelement.ie.history;

import java.time.Duration;

/**
 * How the archive keeps what it is given.
 *
 * @param flushInterval how often the journal is written and forced to disk: what a kill may lose
 * @param segmentDuration a series' open segment is written once it is this old
 * @param segmentBytes ... or this large
 * @param maxAge segments whose last sample is older are removed
 * @param maxBytes the most the segments may take together; the oldest go first
 * @param rawLimit the most samples one raw answer holds
 * @param cacheBytes how much memory segments read back may keep for the next query
 */
public record HistorySettings(
    Duration flushInterval,
    Duration segmentDuration,
    long segmentBytes,
    Duration maxAge,
    long maxBytes,
    int rawLimit,
    long cacheBytes) {

  /** The defaults of docs/configuration.md. */
  public static HistorySettings defaults() {
    return new HistorySettings(
        Duration.ofSeconds(5),
        Duration.ofMinutes(30),
        16L << 20,
        Duration.ofDays(30),
        2L << 30,
        100_000,
        128L << 20);
  }

  /** The journal's generations last this long (a few per segment). */
  Duration generationPeriod() {
    Duration p = segmentDuration.dividedBy(6);
    return p.compareTo(flushInterval) < 0 ? flushInterval : p;
  }
}
