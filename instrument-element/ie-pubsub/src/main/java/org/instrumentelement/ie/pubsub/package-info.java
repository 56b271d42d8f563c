/**
 * Publish/subscribe: the embedded ActiveMQ broker, the topic naming convention, the message format,
 * the publisher that sends samples without ever blocking the samplers, and the registry of sampled
 * attributes the SOAP API reports on.
 */
package org.instrumentelement.ie.pubsub;
