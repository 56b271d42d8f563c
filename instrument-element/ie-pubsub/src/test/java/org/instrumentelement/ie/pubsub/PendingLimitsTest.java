package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.ActiveMQMessageConsumer;
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
    PendingLimits limits = heldFor(Duration.ofMinutes(1));
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
    PendingLimits limits = heldFor(Duration.ZERO);
    try (Stalled s = publishToStalled("pending-fewest", limits)) {
      assertEquals(10, limits.limit(TOPIC));
      assertEquals(10, s.subscriptionLimit);
      assertTrue(s.discarded >= SENT - 1 - 10 - 1, "dropped " + s.discarded);
    }
  }

  @Test
  void theLimitFallsWhenTheTopicSlowsDown() throws Exception {
    PendingLimits limits = heldFor(Duration.ofSeconds(1));
    try (Stalled s = publishToStalled("pending-falls", limits)) {
      int busy = limits.limit(TOPIC);
      assertTrue(busy > 10, "limit " + busy);
      assertBothFallToTheFewestWhenTheTopicSlowsDown(limits, s);
    }
  }

  /**
   * A subscriber that asks for fewer held messages ({@code consumer.maximumPendingMessageLimit})
   * keeps its own limit when the topic's rate raises the topic's, on the topic and through a
   * wildcard, and gets the newest message once it moves again rather than the oldest; one that asks
   * for more than the topic's gets the topic's, and one that asks for nothing gets the topic's.
   */
  @Test
  void aSubscriberThatAsksForFewerKeepsItsOwnLimit() throws Exception {
    PendingLimits limits = heldFor(Duration.ofMinutes(1));
    try (Stalled s =
        publishToStalled(
            "pending-own",
            limits,
            TOPIC.getPhysicalName(),
            asking(TOPIC.getPhysicalName(), 1),
            asking("ie.test.>", 1),
            asking(TOPIC.getPhysicalName(), 1_000_000))) {
      int topic = limits.limit(TOPIC);
      assertTrue(topic >= SENT, "limit " + topic);
      Stalled.Subscriber plain = s.subscribers.get(0);
      Stalled.Subscriber one = s.subscribers.get(1);
      Stalled.Subscriber wildcard = s.subscribers.get(2);
      Stalled.Subscriber many = s.subscribers.get(3);
      assertEquals(topic, plain.subscription.getMaximumPendingMessages(), "asked for nothing");
      assertEquals(0, plain.subscription.discarded());
      assertEquals(1, one.subscription.getMaximumPendingMessages(), "asked for 1");
      assertEquals(1, wildcard.subscription.getMaximumPendingMessages(), "asked for 1, wildcard");
      assertEquals(topic, many.subscription.getMaximumPendingMessages(), "asked for more");

      s.release.countDown();
      for (Stalled.Subscriber r : List.of(plain, one, wildcard)) {
        assertTrue(r.newest.await(30, TimeUnit.SECONDS), "the newest message arrived");
      }
      assertEquals(SENT, plain.received.size(), "every message held for the one that did not ask");
      for (Stalled.Subscriber r : List.of(one, wildcard)) {
        // Its first (pushed before it stalled), perhaps one more, and the newest held for it.
        assertTrue(r.received.size() <= 3, "received " + r.received);
        assertEquals(SENT, (int) r.received.get(r.received.size() - 1), "the newest last");
        assertTrue(
            r.subscription.discarded() >= SENT - 3,
            "dropped " + r.subscription.discarded() + ", received " + r.received);
      }
    }
  }

  /** The topic's limit falling under a subscriber's own takes it down with it. */
  @Test
  void aSubscribersOwnLimitFollowsTheTopicsBelowIt() throws Exception {
    PendingLimits limits = heldFor(Duration.ofSeconds(1));
    try (Stalled s =
        publishToStalled("pending-own-falls", limits, asking(TOPIC.getPhysicalName(), 50))) {
      assertTrue(limits.limit(TOPIC) > 50, "limit " + limits.limit(TOPIC));
      assertEquals(50, s.subscription.getMaximumPendingMessages());
      assertBothFallToTheFewestWhenTheTopicSlowsDown(limits, s);
    }
  }

  /** Limits of at least 10 messages, those of the last {@code pendingTime}, in 64 MiB. */
  private static PendingLimits heldFor(Duration pendingTime) {
    return new PendingLimits(10, pendingTime, 64L << 20);
  }

  /** {@code topic} for a subscriber that asks for {@code limit} held messages of its own. */
  private static String asking(String topic, int limit) {
    return topic + "?consumer.maximumPendingMessageLimit=" + limit;
  }

  /**
   * With a pending time of a second and {@code s}'s messages older than that, one more message: the
   * topic's limit falls to the fewest (10), and the first subscription's with it.
   */
  private static void assertBothFallToTheFewestWhenTheTopicSlowsDown(
      PendingLimits limits, Stalled s) throws Exception {
    Thread.sleep(1500); // longer than the time the messages are held for
    s.sendOneMore();
    assertEquals(10, limits.limit(TOPIC), "one message in the last second: the fewest");
    assertEquals(10, s.subscription.getMaximumPendingMessages());
  }

  /**
   * Stalled subscribers' subscriptions after {@link #SENT} messages, and their broker. The first
   * subscriber's figures are also in {@link #discarded}, {@link #subscriptionLimit} and {@link
   * #subscription}.
   */
  static final class Stalled implements AutoCloseable {
    long discarded;
    int subscriptionLimit;
    TopicSubscription subscription;
    final List<Subscriber> subscribers = new ArrayList<>();
    BrokerService broker;
    Connection connection;
    Session session;
    MessageProducer producer;
    final CountDownLatch release = new CountDownLatch(1);

    /** Publishes message {@link #SENT} + 1. */
    void sendOneMore() throws JMSException {
      BytesMessage m = session.createBytesMessage();
      m.setIntProperty("n", SENT + 1);
      producer.send(m);
    }

    /** One subscriber, held in its first message until {@link #release}. */
    static final class Subscriber {
      final List<Integer> received = new CopyOnWriteArrayList<>();
      final CountDownLatch first = new CountDownLatch(1);
      final CountDownLatch newest = new CountDownLatch(1);
      ActiveMQMessageConsumer consumer;
      TopicSubscription subscription;
    }

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
    return publishToStalled(name, limits, TOPIC.getPhysicalName());
  }

  /**
   * Subscribes one stalled subscriber to each of {@code topics} (names with destination options),
   * each in a session of its own, then publishes {@link #SENT} messages numbered from 1 in {@code
   * n}.
   */
  private static Stalled publishToStalled(String name, PendingLimits limits, String... topics)
      throws Exception {
    Stalled s = new Stalled();
    s.broker = start(name, limits);
    ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory("vm://" + name + "?create=false");
    cf.getPrefetchPolicy().setTopicPrefetch(1);
    s.connection = cf.createConnection();
    s.connection.start();
    for (String topic : topics) {
      Stalled.Subscriber r = new Stalled.Subscriber();
      Session sub = s.connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
      r.consumer = (ActiveMQMessageConsumer) sub.createConsumer(sub.createTopic(topic));
      r.consumer.setMessageListener(
          m -> {
            try {
              int n = m.getIntProperty("n");
              r.received.add(n);
              r.first.countDown();
              s.release.await();
              if (n == SENT) {
                r.newest.countDown();
              }
            } catch (JMSException e) {
              throw new IllegalStateException(e);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          });
      s.subscribers.add(r);
    }
    s.session = s.connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
    s.producer = s.session.createProducer(TOPIC);
    for (int i = 1; i <= SENT; i++) {
      BytesMessage m = s.session.createBytesMessage();
      m.setIntProperty("n", i);
      m.writeBytes(new byte[1000]);
      s.producer.send(m);
    }
    RegionBroker region = (RegionBroker) s.broker.getRegionBroker();
    Destination d = region.getTopicRegion().getDestinationMap().get(TOPIC);
    List<Subscription> subs = d.getConsumers();
    assertEquals(topics.length, subs.size());
    for (Stalled.Subscriber r : s.subscribers) {
      assertTrue(r.first.await(30, TimeUnit.SECONDS), "the subscriber got its first message");
      for (Subscription sub : subs) {
        if (sub.getConsumerInfo().getConsumerId().equals(r.consumer.getConsumerId())) {
          r.subscription = (TopicSubscription) sub;
        }
      }
    }
    Stalled.Subscriber first = s.subscribers.get(0);
    s.subscription = first.subscription;
    s.discarded = first.subscription.discarded();
    s.subscriptionLimit = first.subscription.getMaximumPendingMessages();
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
