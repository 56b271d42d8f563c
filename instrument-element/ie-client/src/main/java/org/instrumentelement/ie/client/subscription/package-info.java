/**
 * Subscribing to the Instrument Element's topics: {@link
 * org.instrumentelement.ie.client.subscription.AttributeSubscriber} connects to the broker, decodes
 * the published values, detects gaps from sequence numbers, reconnects by itself and resynchronises
 * with a getAttribute after a reconnect.
 */
package org.instrumentelement.ie.client.subscription;
