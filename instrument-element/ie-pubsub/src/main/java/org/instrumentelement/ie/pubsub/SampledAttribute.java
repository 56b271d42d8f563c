package org.instrumentelement.ie.pubsub;

import org.instrumentelement.im.model.AttributeSpec;
import org.instrumentelement.im.sampling.AttributeSampler;

/**
 * A subscribable attribute: where it is published and the sampler that feeds it.
 *
 * @param topic the JMS topic
 */
public record SampledAttribute(
    String imPath, AttributeSpec spec, String topic, AttributeSampler sampler) {}
