package org.instrumentelement.ie.pubsub;

import java.time.Duration;
import org.instrumentelement.im.sampling.ChangeFilter;
import org.instrumentelement.im.sampling.SamplingSettings;

/**
 * A change to how an attribute is sampled, as {@code configureSampling} asks for it: each field
 * null keeps the setting in effect.
 *
 * @param period time between reads; zero stops sampling
 * @param deadband absolute deadband, in the attribute's units
 * @param relativeDeadband relative deadband, a fraction of the last published value
 * @param heartbeat republish an unchanged value after this long; zero: never
 */
public record SamplingChange(
    Duration period, Double deadband, Double relativeDeadband, Duration heartbeat) {

  /** The settings after this change to {@code current}. */
  public SamplingSettings applyTo(SamplingSettings current) {
    ChangeFilter filter = current.filter();
    return new SamplingSettings(
        period == null ? current.period() : period,
        new ChangeFilter(
            deadband == null ? filter.absolute() : deadband,
            relativeDeadband == null ? filter.relative() : relativeDeadband),
        heartbeat == null ? current.heartbeat() : heartbeat);
  }
}
