package org.instrumentelement.ie.pubsub;

/**
 * Where the samples of one attribute are published and what every message says of them besides the
 * value. Fixed when the subscription is created, so that publishing a sample never asks the element
 * tree for its topic or units again.
 *
 * @param topic the JMS topic ({@link org.instrumentelement.ie.contract.TopicNames})
 * @param units the attribute's units ({@code ieUnits}); empty when it has none
 * @param imPath the IM's path ({@code ieIm})
 * @param attribute the attribute's name ({@code ieAttribute})
 */
public record PublishedTopic(String topic, String units, String imPath, String attribute) {}
