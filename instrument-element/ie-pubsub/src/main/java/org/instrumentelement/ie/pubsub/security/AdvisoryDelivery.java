package org.instrumentelement.ie.pubsub.security;

import org.apache.activemq.advisory.AdvisorySupport;
import org.apache.activemq.broker.ConnectionContext;
import org.apache.activemq.command.ActiveMQDestination;
import org.apache.activemq.command.Message;
import org.apache.activemq.security.MessageAuthorizationPolicy;
import org.instrumentelement.ie.pubsub.transport.ClientProtocol;

/**
 * Delivers the broker's advisory messages (who is connected from where, who subscribes to what)
 * only to the publisher and to administrators of the whole element, and only over OpenWire: STOMP
 * cannot render them. Everyone may still subscribe to the temporary-destination advisories that a
 * default JMS client opens when it connects; those subscriptions simply receive nothing.
 */
final class AdvisoryDelivery implements MessageAuthorizationPolicy {
  @Override
  public boolean isAllowedToConsume(ConnectionContext context, Message message) {
    ActiveMQDestination d = message.getDestination();
    if (d != null && !AdvisorySupport.isAdvisoryTopic(d)) {
      return true;
    }
    return context.getSecurityContext() instanceof BrokerClient c
        && c.privileged()
        && (c.protocol() == null || c.protocol() == ClientProtocol.OPENWIRE);
  }
}
