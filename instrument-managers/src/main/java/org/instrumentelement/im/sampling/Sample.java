package org.instrumentelement.im.sampling;

import org.instrumentelement.im.model.Value;

/**
 * One value to publish.
 *
 * @param sequence per attribute, from 1, one more for every sample handed to the sink: a gap seen
 *     by a subscriber means a sample it never got
 * @param heartbeat whether this is a repetition of an unchanged value
 */
public record Sample(
    String imPath, String attribute, Value value, long sequence, boolean heartbeat) {}
