package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.region.Destination;
import org.apache.activemq.broker.region.RegionBroker;
import org.apache.activemq.broker.region.Subscription;
import org.apache.activemq.broker.region.TopicSubscription;
import org.apache.activemq.broker.region.policy.OldestMessageEvictionStrategy;
import org.apache.activemq.broker.region.policy.PolicyEntry;
import org.apache.activemq.broker.region.policy.PolicyMap;
import org.apache.activemq.command.ActiveMQTopic;
import org.junit.jupiter.api.Test;

/**
 * The broker holds the messages of a topic's last {@code pendingTime} for a subscriber that has
 * stopped taking them, within {@code pendingMemory} and never fewer than the fewest: a stalled
 * subscriber (prefetch 1, its listener held in its first message) while 500 messages of 1,000 bytes
 * are published at once.
 */
class PendingLimitsTest {
  static final ActiveMQTopic TOPIC = new ActiveMQTopic("ie.test.vector");
  static final int SENT = 500;

  @Test
  void aStalledSubscriberKeepsEveryMessageOfThePendingTime() throws Exception {
    PendingLimits limits = new PendingLimits(10, Duration.ofMinutes(1), 64L << 20);
    try (Stalled s = publishToStalled("pending-time", limits)) {
      assertEquals(0, s.discarded, "nothing dropped within a minute of messages");
      assertTrue(limits.limit(TOPIC) >= SENT, "limit " + limits.limit(TOPIC));
      assertEquals(limits.limit(TOPIC), s.subscriptionLimit, "the subscription follows the topic");
    }
  }

  @Test
  void theMemoryBoundsWhatIsHeld() throws Exception {
    // About 35 messages of a little over 1,000 bytes each (with their headers).
    PendingLimits limits = new PendingLimits(10, Duration.ofMinutes(1), 40_000);
    try (Stalled s = publishToStalled("pending-memory", limits)) {
      int limit = limits.limit(TOPIC);
      assertTrue(limit >= 10 && limit < 40, "limit " + limit);
      // Pushed to it: 1 (its prefetch); held: the limit; the rest dropped.
      assertTrue(
          s.discarded >= SENT - 1 - limit - 1, "dropped " + s.discarded + ", limit " + limit);
    }
  }

  @Test
  void withoutATimeTheFewestAreHeld() throws Exception {
    PendingLimits limits = new PendingLimits(10, Duration.ZERO, 64L << 20);
    try (Stalled s = publishToStalled("pending-fewest", limits)) {
      assertEquals(10, limits.limit(TOPIC));
      assertEquals(10, s.subscriptionLimit);
      assertTrue(s.discarded >= SENT - 1 - 10 - 1, "dropped " + s.discarded);
    }
  }

  @Test
  void theLimitFallsWhenTheTopicSlowsDown() throws Exception {
    PendingLimits limits = new PendingLimits(10, Duration.ofSeconds(1), 64L << 20);
    try (Stalled s = publishToStalled("pending-falls", limits)) {
      int busy = limits.limit(TOPIC);
      assertTrue(busy > 10, "limit " + busy);
      Thread.sleep(1500); // longer than the time the messages are held for
      s.producer.send(s.session.createBytesMessage());
      assertEquals(10, limits.limit(TOPIC), "one message in the last second: the fewest");
      assertEquals(10, s.subscription.getMaximumPendingMessages());
    }
  }

  /** A stalled subscriber's subscription after {@link #SENT} messages, and its broker. */
  static final class Stalled implements AutoCloseable {
    long discarded;
    int subscriptionLimit;
    TopicSubscription subscription;
    BrokerService broker;
    Connection connection;
    Session session;
    MessageProducer producer;
    final CountDownLatch release = new CountDownLatch(1);

    @Override
    public void close() throws Exception {
      release.countDown();
      try {
        if (connection != null) {
          connection.close();
        }
      } finally {
        broker.stop();
        broker.waitUntilStopped();
      }
    }
  }

  private static Stalled publishToStalled(String name, PendingLimits limits) throws Exception {
    Stalled s = new Stalled();
    s.broker = start(name, limits);
    CountDownLatch first = new CountDownLatch(1);
    ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory("vm://" + name + "?create=false");
    cf.getPrefetchPolicy().setTopicPrefetch(1);
    s.connection = cf.createConnection();
    s.connection.start();
    Session sub = s.connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
    MessageConsumer consumer = sub.createConsumer(TOPIC);
    consumer.setMessageListener(
        m -> {
          first.countDown();
          try {
            s.release.await();
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        });
    s.session = s.connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
    s.producer = s.session.createProducer(TOPIC);
    for (int i = 0; i < SENT; i++) {
      BytesMessage m = s.session.createBytesMessage();
      m.writeBytes(new byte[1000]);
      s.producer.send(m);
    }
    assertTrue(first.await(30, TimeUnit.SECONDS), "the subscriber got its first message");
    RegionBroker region = (RegionBroker) s.broker.getRegionBroker();
    Destination d = region.getTopicRegion().getDestinationMap().get(TOPIC);
    List<Subscription> subs = d.getConsumers();
    assertEquals(1, subs.size());
    TopicSubscription t = (TopicSubscription) subs.get(0);
    s.subscription = t;
    s.discarded = t.discarded();
    s.subscriptionLimit = t.getMaximumPendingMessages();
    return s;
  }

  private static BrokerService start(String name, PendingLimits limits) throws Exception {
    BrokerService broker = new BrokerService();
    broker.setBrokerName(name);
    broker.setPersistent(false);
    broker.setUseJmx(false);
    broker.setAdvisorySupport(false);
    PolicyEntry topics = new PolicyEntry();
    topics.setTopic(">");
    topics.setPendingMessageLimitStrategy(limits);
    topics.setMessageEvictionStrategy(new OldestMessageEvictionStrategy());
    topics.setProducerFlowControl(false);
    PolicyMap map = new PolicyMap();
    map.setPolicyEntries(List.of(topics));
    broker.setDestinationPolicy(map);
    broker.setPlugins(new org.apache.activemq.broker.BrokerPlugin[] {limits});
    broker.start();
    broker.waitUntilStarted();
    return broker;
  }
}
