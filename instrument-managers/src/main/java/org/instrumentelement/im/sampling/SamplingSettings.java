package org.instrumentelement.im.sampling;

import java.time.Duration;

/**
 * How an attribute is sampled.
 *
 * @param period time between two reads; zero disables sampling
 * @param filter what counts as a change
 * @param heartbeat republish an unchanged value after this long; zero disables heartbeats
 */
public record SamplingSettings(Duration period, ChangeFilter filter, Duration heartbeat) {

  /**
   * The shortest period accepted, 100 µs (10,000 reads a second), as fast as a fast data
   * acquisition instrument or a sensor aggregate is worth reading. A read that takes longer than
   * the period just makes the sampler read back to back, and samples the broker cannot take as fast
   * are superseded by the publisher, counted.
   */
  public static final Duration MIN_PERIOD = Duration.ofNanos(100_000);

  public SamplingSettings {
    if (period.isNegative() || (!period.isZero() && period.compareTo(MIN_PERIOD) < 0)) {
      throw new IllegalArgumentException(
          "sampling period must be 0 (off) or at least 100 µs: " + period);
    }
    if (heartbeat.isNegative()) {
      throw new IllegalArgumentException("heartbeat must not be negative: " + heartbeat);
    }
  }

  public boolean enabled() {
    return !period.isZero();
  }

  public SamplingSettings withPeriod(Duration p) {
    return new SamplingSettings(p, filter, heartbeat);
  }
}
