package org.instrumentelement.ie.pubsub;

import org.apache.activemq.broker.Broker;
import org.apache.activemq.broker.region.TopicSubscription;
import org.apache.activemq.broker.region.policy.PolicyEntry;
import org.apache.activemq.usage.SystemUsage;
import org.instrumentelement.ie.pubsub.transport.ClientConnector;

/**
 * The embedded broker's policy for topics, which also bounds what one client's subscription holds.
 * ActiveMQ keeps the prefetch a client asks for, however large, and stops counting a message
 * against it once the client says it has it ("delivered"), before it acknowledges it: a subscriber
 * asking for a million messages, or telling of each delivery without acknowledging, holds every
 * sample since it stopped taking them, until the broker's memory is full and publishing fails for
 * everyone. A client's subscription (one that came through a {@link ClientConnector}, not the
 * Instrument Element's own ones in its JVM) therefore has at most {@code maxPrefetch} messages
 * pushed to it and not acknowledged: a larger prefetch is lowered to it, and delivery notices do
 * not widen it. Beyond it the pending limit applies, and the oldest are dropped (and counted).
 */
final class ClientTopicPolicy extends PolicyEntry {
  private final int maxPrefetch;

  /**
   * @param maxPrefetch most messages pushed to a client's subscription and not acknowledged
   */
  ClientTopicPolicy(int maxPrefetch) {
    this.maxPrefetch = maxPrefetch;
  }

  @Override
  public void configure(Broker broker, SystemUsage memoryManager, TopicSubscription subscription) {
    super.configure(broker, memoryManager, subscription);
    if (!(subscription.getContext().getConnector() instanceof ClientConnector)) {
      return;
    }
    subscription.setUsePrefetchExtension(false);
    if (subscription.getPrefetchSize() > maxPrefetch) {
      subscription.setPrefetchSize(maxPrefetch);
    }
  }
}
