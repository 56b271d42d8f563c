package org.instrumentelement.ie.state;

import java.time.Instant;
import org.instrumentelement.im.sampling.SamplingSettings;

/**
 * Sampling settings of an attribute changed at run time ({@code configureSampling}).
 *
 * @param by the admin who changed them
 * @param at when
 */
public record StoredSampling(SamplingSettings settings, String by, Instant at) {}
