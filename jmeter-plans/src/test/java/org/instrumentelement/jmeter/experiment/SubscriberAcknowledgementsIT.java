package org.instrumentelement.jmeter.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.Broker;
import org.apache.activemq.broker.BrokerFilter;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.ConsumerBrokerExchange;
import org.apache.activemq.broker.TransportConnector;
import org.apache.activemq.broker.region.Destination;
import org.apache.activemq.broker.region.Subscription;
import org.apache.activemq.broker.region.policy.PolicyEntry;
import org.apache.activemq.broker.region.policy.PolicyMap;
import org.apache.activemq.command.ActiveMQTopic;
import org.apache.activemq.command.MessageAck;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.instrumentelement.ie.contract.BodyType;
import org.instrumentelement.ie.contract.EpochMicros;
import org.instrumentelement.ie.contract.MessageProperty;
import org.instrumentelement.jmeter.jms.JmsSubscriberSampler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * How the JMeter subscriber acknowledges, as the broker sees it: an ActiveMQ broker in this JVM
 * (given the topic prefetch the IE's embedded broker gives a client that asks for its default,
 * {@code broker.maxPendingMessages}, 100) counts the acknowledgements it reads. In batches (the
 * default) far fewer than one per message, as the IE's own clients send them; when the subscriber
 * leaves, every message it took is acknowledged and none was delivered twice.
 */
class SubscriberAcknowledgementsIT {
  private static final String TOPIC = "ie.test.acknowledgements";
  private static final int MESSAGES = 400;

  /** The IE broker's topic prefetch for a client asking for its default. */
  private static final int TOPIC_PREFETCH = 100;

  private final AtomicLong ackFrames = new AtomicLong();
  private final AtomicLong ackedMessages = new AtomicLong();
  private BrokerService broker;
  private String brokerUrl;

  @BeforeEach
  void startBroker() throws Exception {
    broker = new BrokerService();
    broker.setBrokerName("acknowledgements");
    broker.setPersistent(false);
    broker.setUseJmx(false);
    PolicyEntry topics = new PolicyEntry();
    topics.setTopic(">");
    topics.setTopicPrefetch(TOPIC_PREFETCH);
    PolicyMap policy = new PolicyMap();
    policy.setPolicyEntries(List.of(topics));
    broker.setDestinationPolicy(policy);
    broker.setPlugins(new BrokerPlugin[] {AckCounter::new});
    TransportConnector c = broker.addConnector("tcp://127.0.0.1:0");
    broker.start();
    broker.waitUntilStarted();
    brokerUrl = c.getConnectUri().toString();
  }

  /** Counts the acknowledgements the broker reads for {@link #TOPIC}, and the messages they ack. */
  private final class AckCounter extends BrokerFilter {
    AckCounter(Broker next) {
      super(next);
    }

    @Override
    public void acknowledge(ConsumerBrokerExchange exchange, MessageAck ack) throws Exception {
      if (new ActiveMQTopic(TOPIC).equals(ack.getDestination())) {
        ackFrames.incrementAndGet();
        if (ack.isStandardAck()) {
          ackedMessages.addAndGet(ack.getMessageCount());
        }
      }
      super.acknowledge(exchange, ack);
    }
  }

  @AfterEach
  void stopBroker() throws Exception {
    broker.stop();
    broker.waitUntilStopped();
  }

  @Test
  void acknowledgesInBatchesWithTheClientsDefaultPrefetch() throws Exception {
    Delivery d = deliver(Map.of());
    // One every 100 ms (its prefetch asked, 32,767, is above the broker's cap) for what it took
    // meanwhile: a few for messages taken as fast as they come. One per message would be 400; the
    // bound leaves room for a busy machine, on which taking them lasts longer.
    assertTrue(d.ackFrames() <= MESSAGES / 4, d.ackFrames() + " acknowledgements");
  }

  @Test
  void acknowledgesInBatchesAt65PercentOfAPrefetchItAskedFor() throws Exception {
    Delivery d = deliver(Map.of("prefetch", "40"));
    // At 26 of 40 taken (or a second after the last): about one per 26 messages.
    assertTrue(d.ackFrames() <= MESSAGES / 4, d.ackFrames() + " acknowledgements");
  }

  @Test
  void acknowledgesEachMessageWhenAskedTo() throws Exception {
    Delivery d = deliver(Map.of("acknowledge", "each"));
    assertEquals(MESSAGES, d.ackFrames(), "one acknowledgement per message");
  }

  private record Delivery(long ackFrames) {}

  /**
   * Publishes {@link #MESSAGES} to one sampler of the given parameters, takes them all, lets it
   * leave the topic and checks the broker's account: every message taken acknowledged, none
   * dispatched twice.
   */
  private Delivery deliver(Map<String, String> parameters) throws Exception {
    JmsSubscriberSampler sampler = new JmsSubscriberSampler();
    Map<String, String> values = new HashMap<>(parameters);
    values.put("brokerUrl", brokerUrl);
    values.put("topic", TOPIC);
    JavaSamplerContext ctx = SamplerArguments.context(sampler, values);
    Subscription subscription;
    try {
      sampler.setupTest(ctx);
      Destination topic = broker.getDestination(new ActiveMQTopic(TOPIC));
      assertNotNull(topic, "the sampler subscribed");
      assertEquals(1, topic.getConsumers().size(), "one subscription");
      subscription = topic.getConsumers().get(0);
      publish();
      for (int i = 1; i <= MESSAGES; i++) {
        SampleResult r = sampler.runTest(ctx);
        assertEquals(
            JmsSubscriberSampler.OK,
            r.getResponseCode(),
            "message " + i + ": " + r.getResponseMessage());
        assertEquals("sequence " + i, r.getResponseMessage(), "in order, each once");
      }
    } finally {
      sampler.teardownTest(ctx);
    }
    Destination topic = broker.getDestination(new ActiveMQTopic(TOPIC));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!topic.getConsumers().isEmpty() && System.nanoTime() < deadline) {
      TimeUnit.MILLISECONDS.sleep(10);
    }
    assertTrue(topic.getConsumers().isEmpty(), "the sampler left the topic");
    assertEquals(MESSAGES, ackedMessages.get(), "messages acknowledged");
    assertEquals(MESSAGES, subscription.getDispatchedCounter(), "dispatched, none twice");
    assertEquals(MESSAGES, subscription.getDequeueCounter(), "acknowledged by the subscription");
    assertEquals(MESSAGES, topic.getDestinationStatistics().getDequeues().getCount());
    assertEquals(0, topic.getDestinationStatistics().getInflight().getCount(), "in flight");
    System.out.printf(
        "%s: %d acknowledgements for %d messages%n", parameters, ackFrames.get(), MESSAGES);
    return new Delivery(ackFrames.get());
  }

  /** The messages, as the IE publishes a vector's: its properties, and 8 bytes of doubles. */
  private void publish() throws Exception {
    ActiveMQConnectionFactory cf =
        new ActiveMQConnectionFactory("vm://acknowledgements?create=false");
    cf.setWatchTopicAdvisories(false);
    Connection c = cf.createConnection();
    try {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      MessageProducer p = s.createProducer(s.createTopic(TOPIC));
      for (int i = 1; i <= MESSAGES; i++) {
        BytesMessage m = s.createBytesMessage();
        m.writeDouble(i);
        m.setLongProperty(MessageProperty.PUBLISHED.key(), EpochMicros.of(Instant.now()));
        m.setLongProperty(MessageProperty.EPOCH.key(), 1);
        m.setLongProperty(MessageProperty.SEQUENCE.key(), i);
        m.setStringProperty(MessageProperty.TYPE.key(), BodyType.DOUBLE_ARRAY.name());
        m.setIntProperty(MessageProperty.LENGTH.key(), 1);
        p.send(m);
      }
    } finally {
      c.close();
    }
  }
}
