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

  /** The shortest period accepted: faster sampling is a configuration mistake, not a feature. */
  public static final Duration MIN_PERIOD = Duration.ofMillis(1);

  public SamplingSettings {
    if (period.isNegative() || (!period.isZero() && period.compareTo(MIN_PERIOD) < 0)) {
      throw new IllegalArgumentException(
          "sampling period must be 0 (off) or at least 1 ms: " + period);
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
