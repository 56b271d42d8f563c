package org.instrumentelement.ie.pubsub;

/**
 * Everything the SOAP service needs to answer subscription questions.
 *
 * @param broker the embedded broker, or null when publishing to an external one (its subscriber and
 *     drop counts are then not known to the Instrument Element)
 */
public record Publishing(
    Subscriptions subscriptions,
    TopicPublisher publisher,
    BrokerEndpoints endpoints,
    EmbeddedBroker broker) {}
