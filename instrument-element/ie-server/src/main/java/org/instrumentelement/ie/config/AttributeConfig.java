package org.instrumentelement.ie.config;

import java.time.Duration;

/**
 * Sampling settings of one attribute from {@code im.<name>.attribute.<attribute>.*}; {@code null}
 * where the file says nothing (the IM model and the global {@code sampling.*} defaults apply).
 *
 * @param subscribable overrides the IM model's choice
 * @param period sampling period; zero disables sampling
 * @param deadband smallest absolute change published
 * @param relativeDeadband smallest change published, as a fraction of the last value
 * @param heartbeat republish an unchanged value this often; zero disables
 */
public record AttributeConfig(
    Boolean subscribable,
    Duration period,
    Double deadband,
    Double relativeDeadband,
    Duration heartbeat) {}
