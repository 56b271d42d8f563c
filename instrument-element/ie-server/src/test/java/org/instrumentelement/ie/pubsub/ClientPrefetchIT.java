package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.StompFrames;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfoResponse;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A subscriber that stops taking messages holds no more than {@code broker.maxPendingMessages} of
 * them (here with {@code broker.pendingTime} off, so that this is the limit), whatever prefetch it
 * asked for and however it acknowledges: beyond that the broker drops its oldest (and counts them),
 * instead of keeping every sample since it stopped until the broker's memory is full. Each test
 * subscribes a client that never acknowledges while the IE publishes more than thirty times the
 * limit.
 */
class ClientPrefetchIT {
  static final int LIMIT = 10;
  static final int PUBLISHED = 300;
  static final Duration WAIT = Duration.ofSeconds(60);
  static final String IM = "lab/array1250";

  static RunningElement running;
  static InstrumentElementPort ie;
  static String topic;

  @BeforeAll
  static void start() throws Exception {
    running =
        RunningElement.mockLab(
            "--broker.maxPendingMessages=" + LIMIT,
            "--broker.pendingTime=off",
            "--broker.maxPrefetch=" + LIMIT);
    ie = running.client();
    topic = info().getSubscription().getTopic();
  }

  @AfterAll
  static void stop() {
    if (running != null) {
      running.close();
    }
  }

  @Test
  void aHugePrefetchIsLowered() throws Exception {
    Connection c = openWire(30_000); // ActiveMQ clients ask for at most 32,766
    try {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      MessageConsumer consumer = s.createConsumer(s.createTopic(topic));
      long discardedBefore = running.runtime.broker().discarded(topic);
      publishFast(PUBLISHED);
      // The broker dispatches (and drops) after the IE has counted a sample published.
      await(
          () ->
              running.runtime.broker().discarded(topic) - discardedBefore
                  >= PUBLISHED - 2 * LIMIT - 2,
          "the broker to drop what the stalled subscriber could not hold");
      // What the client got before it stalled ends in a gap: the messages dropped for it.
      long first = sequence(consumer.receive(WAIT.toMillis()));
      long previous = first;
      long gap = 0;
      for (int i = 0; i <= 2 * LIMIT + 1 && gap == 0; i++) {
        long next = sequence(consumer.receive(WAIT.toMillis()));
        gap = next - previous - 1;
        previous = next;
      }
      assertTrue(gap > 0, "a gap after at most " + (2 * LIMIT + 1) + " messages");
    } finally {
      slow();
      c.close();
    }
  }

  @Test
  void aClientAcknowledgingSubscriberThatNeverAcknowledgesHoldsNoMoreThanTheLimit()
      throws Exception {
    // ActiveMQ's client tells the broker of each half prefetch delivered, without acknowledging;
    // the broker would push more for each such notice.
    Connection c = openWire(4);
    try {
      Session s = c.createSession(false, Session.CLIENT_ACKNOWLEDGE);
      MessageConsumer consumer = s.createConsumer(s.createTopic(topic));
      AtomicInteger received = new AtomicInteger();
      consumer.setMessageListener(m -> received.incrementAndGet());
      await(() -> received.get() > 0, "the current value");
      publishFast(PUBLISHED);
      assertTrue(
          received.get() <= LIMIT + 1,
          received.get() + " messages pushed to a subscriber that acknowledged none");
    } finally {
      slow();
      c.close();
    }
  }

  @Test
  void aStompSubscriberWithAHugePrefetchThatNeverAcknowledgesGetsNoMoreThanTheLimit()
      throws Exception {
    URI url = URI.create(running.runtime.broker().stompUrl());
    try (Socket socket = new Socket(url.getHost(), url.getPort())) {
      socket
          .getOutputStream()
          .write(
              ("CONNECT\naccept-version:1.2\nhost:localhost\nlogin:admin\npasscode:admin\n\n\0"
                      + "SUBSCRIBE\nid:0\ndestination:/topic/"
                      + topic
                      + "\nack:client-individual\nactivemq.prefetchSize:100000\n\n\0")
                  .getBytes(StandardCharsets.UTF_8));
      AtomicInteger messages = new AtomicInteger();
      StompFrames.readEach(
          socket.getInputStream(),
          f -> {
            if (f.command().equals("MESSAGE")) {
              messages.incrementAndGet();
            }
          });
      await(() -> messages.get() > 0, "the current value over STOMP");
      publishFast(PUBLISHED);
      assertTrue(
          messages.get() <= LIMIT + 1,
          messages.get() + " messages pushed to a STOMP subscriber that acknowledged none");
    } finally {
      slow();
    }
  }

  /** Samples every 5 ms until at least {@code n} more have been published. */
  private static void publishFast(int n) throws Exception {
    long before = info().getSubscription().getPublished();
    sampling(5);
    await(
        () -> info().getSubscription().getPublished() >= before + n,
        n + " samples published meanwhile");
  }

  private static void slow() {
    sampling(1000);
  }

  private static void sampling(long millis) {
    ConfigureSampling c = new ConfigureSampling();
    c.setIm(IM);
    c.setAttribute("vector");
    c.setSamplingPeriodMillis(millis);
    try {
      ie.configureSampling(c);
    } catch (InstrumentElementFault e) {
      throw new AssertionError(e);
    }
  }

  private static GetSubscriptionInfoResponse info() {
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm(IM);
    q.setAttribute("vector");
    try {
      return ie.getSubscriptionInfo(q);
    } catch (InstrumentElementFault e) {
      throw new AssertionError(e);
    }
  }

  private static Connection openWire(int prefetch) throws Exception {
    ActiveMQConnectionFactory cf =
        new ActiveMQConnectionFactory(running.runtime.broker().openWireUrl());
    cf.setUserName("admin");
    cf.setPassword("admin");
    cf.setWatchTopicAdvisories(false);
    cf.getPrefetchPolicy().setTopicPrefetch(prefetch);
    Connection c = cf.createConnection();
    c.start();
    return c;
  }

  private static long sequence(Message m) throws Exception {
    assertTrue(m != null, "a message");
    return m.getLongProperty("ieSequence");
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long end = System.nanoTime() + WAIT.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        fail("timed out waiting for " + what);
      }
      Thread.sleep(10);
    }
  }
}
