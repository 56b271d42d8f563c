package org.instrumentelement.ie.pubsub;

/**
 * Where clients subscribe: the URLs given out by getSubscriptionInfo.
 *
 * @param openWire ActiveMQ OpenWire URL (JMS clients)
 * @param stomp STOMP URL, or null if not offered
 * @param mqtt MQTT URL, or null if not offered
 */
public record BrokerEndpoints(String openWire, String stomp, String mqtt) {}
