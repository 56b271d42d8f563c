package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.BrokerService;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.sampling.Sample;
import org.instrumentelement.im.sampling.SampleSink;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The publisher's queue per topic, against a real (in-memory) ActiveMQ broker: every sample sent in
 * order while the broker keeps up, and only the oldest dropped, and counted, when it cannot.
 */
class TopicPublisherQueueTest {
  private static final String TOPIC = "ie.test.lab.array.vector";

  private final String name = "publisher-" + UUID.randomUUID();
  private BrokerService broker;
  private TopicPublisher publisher;
  private Connection subscriber;

  private static final PublishedTopic PUBLISHED =
      new PublishedTopic(TOPIC, "V", "lab/array", "vector");

  private void startBroker() throws Exception {
    broker = InMemoryBroker.start(name);
  }

  private MessageConsumer subscribe() throws Exception {
    ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory("vm://" + name + "?create=false");
    cf.setWatchTopicAdvisories(false);
    subscriber = cf.createConnection();
    subscriber.start();
    Session s = subscriber.createSession(false, Session.AUTO_ACKNOWLEDGE);
    return s.createConsumer(s.createTopic(TOPIC));
  }

  private TopicPublisher publisher(int depth) {
    publisher = new TopicPublisher("vm://" + name + "?create=false", null, null, null, 7L, depth);
    return publisher;
  }

  private static Sample sample(long sequence) {
    return new Sample(
        "lab/array",
        "vector",
        Value.ofDoubles(new double[] {sequence, -sequence}, Instant.now()),
        sequence,
        false);
  }

  private static List<Long> receive(MessageConsumer c, int count) throws Exception {
    List<Long> sequences = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      jakarta.jms.Message m = c.receive(10_000);
      if (m == null) {
        break;
      }
      sequences.add(m.getLongProperty("ieSequence"));
    }
    return sequences;
  }

  @AfterEach
  void stop() throws Exception {
    if (publisher != null) {
      publisher.close();
    }
    if (subscriber != null) {
      subscriber.close();
    }
    if (broker != null) {
      broker.stop();
      broker.waitUntilStopped();
    }
  }

  @Test
  void aBurstFasterThanTheBrokerTakesItIsSentWholeAndInOrder() throws Exception {
    startBroker();
    MessageConsumer c = subscribe();
    TopicPublisher p = publisher(TopicPublisher.DEFAULT_QUEUE_DEPTH);
    SampleSink sink = p.bind(PUBLISHED);
    p.start();
    List<Long> expected = new ArrayList<>();
    for (long seq = 1; seq <= 2000; seq++) {
      sink.accept(sample(seq));
      expected.add(seq);
      if (seq % 50 == 0) {
        // bursts of 50 at once from the sampler's thread, within the queue's depth of 64
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (p.sent() < seq - 10 && System.nanoTime() < deadline) {
          Thread.onSpinWait();
        }
      }
    }
    assertEquals(expected, receive(c, 2000));
    assertEquals(0, p.superseded());
    assertEquals(2000, p.sent(TOPIC));
  }

  @Test
  void whileTheBrokerIsAwayOnlyTheNewestSamplesAreKeptAndTheRestCounted() throws Exception {
    TopicPublisher p = publisher(10);
    SampleSink sink = p.bind(PUBLISHED);
    for (long seq = 1; seq <= 100; seq++) {
      sink.accept(sample(seq)); // not started: nothing can be sent yet
    }
    assertEquals(90, p.superseded());
    assertEquals(90, p.superseded(TOPIC));
    startBroker();
    MessageConsumer c = subscribe();
    p.start();
    List<Long> expected = new ArrayList<>();
    for (long seq = 91; seq <= 100; seq++) {
      expected.add(seq);
    }
    assertEquals(expected, receive(c, 10));
    assertTrue(c.receive(300) == null, "nothing beyond the ten kept");
  }

  @Test
  void theUnsentSamplesOfAllTopicsKeepToTheirMemoryAndEachTopicKeepsItsNewest() throws Exception {
    long each = TopicPublisher.bytes(sample(1));
    publisher =
        new TopicPublisher("vm://" + name + "?create=false", null, null, null, 7L, 1000, 10 * each);
    TopicPublisher p = publisher;
    SampleSink first = p.bind(PUBLISHED);
    String otherTopic = "ie.test.lab.array.other";
    SampleSink other = p.bind(new PublishedTopic(otherTopic, "V", "lab/array", "other"));
    for (long seq = 1; seq <= 100; seq++) {
      first.accept(sample(seq)); // not started: nothing can be sent yet
    }
    // far from the depth of 1,000: the memory of ten samples bounds them
    assertEquals(90, p.superseded(TOPIC));
    assertEquals(10 * each, p.queuedBytes());
    for (long seq = 1; seq <= 5; seq++) {
      other.accept(sample(seq)); // the memory is taken: the other topic keeps its newest only
    }
    assertEquals(4, p.superseded(otherTopic));
    assertEquals(94, p.superseded());
    assertEquals(11 * each, p.queuedBytes());
    startBroker();
    MessageConsumer c = subscribe();
    Session s = subscriber.createSession(false, Session.AUTO_ACKNOWLEDGE);
    MessageConsumer d = s.createConsumer(s.createTopic(otherTopic));
    p.start();
    List<Long> expected = new ArrayList<>();
    for (long seq = 91; seq <= 100; seq++) {
      expected.add(seq);
    }
    assertEquals(expected, receive(c, 10));
    assertEquals(List.of(5L), receive(d, 1));
    long deadline = System.nanoTime() + 5_000_000_000L;
    while (p.queuedBytes() != 0 && System.nanoTime() < deadline) {
      Thread.sleep(5); // polling a condition with a deadline
    }
    assertEquals(0, p.queuedBytes(), "every sent sample gave its memory back");
  }

  @Test
  void drainingBeforeClosingSendsEverythingQueued() throws Exception {
    startBroker();
    MessageConsumer c = subscribe();
    TopicPublisher p = publisher(TopicPublisher.DEFAULT_QUEUE_DEPTH);
    SampleSink sink = p.bind(PUBLISHED);
    p.start();
    List<Long> expected = new ArrayList<>();
    for (long seq = 1; seq <= 50; seq++) {
      sink.accept(sample(seq));
      expected.add(seq);
    }
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (!p.connected() && System.nanoTime() < deadline) {
      Thread.sleep(5); // polling a condition with a deadline
    }
    assertTrue(p.drain(java.time.Duration.ofSeconds(10)), "all sent before the time was up");
    p.close();
    publisher = null;
    assertEquals(expected, receive(c, 50));
  }

  @Test
  void aQueueHoldsAtLeastOneSampleAndSomeMemory() {
    assertThrows(IllegalArgumentException.class, () -> publisher(0));
    assertThrows(
        IllegalArgumentException.class,
        () -> new TopicPublisher("vm://x", null, null, null, 7L, 10, 0));
    publisher = null;
  }
}
