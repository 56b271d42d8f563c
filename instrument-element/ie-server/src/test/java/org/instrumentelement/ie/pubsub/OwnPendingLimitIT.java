package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.instrumentelement.ie.MockKeysightScope;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.StompFrames;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.im.sampling.AttributeSampler;
import org.junit.jupiter.api.Test;

/**
 * A subscriber may ask the broker to hold fewer of its messages than the topic's limit: with one
 * held message, a subscriber that stalls gets the newest value when it moves again, and the IE
 * counts the older ones as {@code discarded}. Asked over OpenWire with the destination option
 * {@code consumer.maximumPendingMessageLimit=1} or with the connection-URL option {@code
 * jms.prefetchPolicy.maximumPendingMessageLimit=1} (which ActiveMQ's client puts into the same
 * field of every consumer's {@code ConsumerInfo}), and over STOMP with the header {@code
 * activemq.maximumPendingMessageLimit:1}, each with a prefetch of 1, and by the IE's own Java
 * library ({@code AttributeSubscriber.Options.withPrefetch(1).withMaxPending(1)}), which reports
 * the dropped values as gaps, on a vector's topic and on a trace's codes topic ({@code
 * subscribeCodes}, the mock Keysight scope), while a subscriber that asked for nothing gets the
 * topic's limit ({@code broker.pendingTime}, 5 s, and never fewer than {@code
 * broker.maxPendingMessages}, 100) on the same IE.
 */
class OwnPendingLimitIT {
  static final Duration WAIT = Duration.ofSeconds(60);
  static final String IM = "lab/array1250";
  static final String SCOPE = MockKeysightScope.IM;
  static final int PUBLISHED = 300;

  @Test
  void aSubscriberAskingForOneHeldMessageGetsTheNewestAfterItStalls() throws Exception {
    try (RunningElement running = MockKeysightScope.start(RunningElement.newDataDir())) {
      InstrumentElementPort ie = running.client();
      String topic = info(ie).getTopic();
      String codesTopic = TopicNames.codes(info(ie, SCOPE, MockKeysightScope.ATTRIBUTE).getTopic());
      AttributeSampler sampler = running.runtime.subscriptions().get(IM, "vector").sampler();
      AttributeSampler scopeSampler =
          running.runtime.subscriptions().get(SCOPE, MockKeysightScope.ATTRIBUTE).sampler();
      CountDownLatch release = new CountDownLatch(1);
      Connection openWire = openWire(running, "");
      // Every consumer of this connection asks for one held message.
      Connection limitedByUrl =
          openWire(
              running,
              "?jms.prefetchPolicy.topicPrefetch=1&jms.prefetchPolicy.maximumPendingMessageLimit=1");
      URI stompUrl = URI.create(running.runtime.broker().stompUrl());
      // Closed after the release: closing waits for a listener still stalled.
      AttributeSubscriber library =
          AttributeSubscriber.connect(
              running.runtime.broker().openWireUrl(),
              AttributeSubscriber.Options.DEFAULTS
                  .withCredentials(RunningElement.ADMIN, RunningElement.ADMIN)
                  .withPrefetch(1)
                  .withMaxPending(1));
      try (Socket stomp = new Socket(stompUrl.getHost(), stompUrl.getPort())) {
        List<Long> plain = stalled(openWire, topic, release);
        List<Long> one =
            stalled(openWire, topic + "?consumer.maximumPendingMessageLimit=1", release);
        List<Long> urlOne = stalled(limitedByUrl, topic, release);
        List<Long> stompOne = stalledStomp(stomp, topic, release);
        List<Long> libraryOne = new CopyOnWriteArrayList<>();
        AttributeSubscriber.Subscription librarySubscription =
            library.subscribe(
                ie,
                IM,
                "vector",
                v -> {
                  libraryOne.add(v.sequence());
                  try {
                    release.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
        List<Long> codesOne = new CopyOnWriteArrayList<>();
        List<Boolean> codesCarried = new CopyOnWriteArrayList<>();
        AttributeSubscriber.Subscription codesSubscription =
            library.subscribeCodes(
                ie,
                SCOPE,
                MockKeysightScope.ATTRIBUTE,
                60_000,
                v -> {
                  codesOne.add(v.sequence());
                  codesCarried.add(v.hasCodes());
                  try {
                    release.await();
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });
        List<Long> free = stalled(openWire, topic, new CountDownLatch(0));
        List<Long> freeCodes = stalled(openWire, codesTopic, new CountDownLatch(0));
        for (List<Long> s :
            List.of(plain, one, urlOne, stompOne, libraryOne, codesOne, free, freeCodes)) {
          Collector.eventually(() -> !s.isEmpty(), WAIT, "the current value");
        }
        assertEquals(codesTopic, codesSubscription.topic(), "the library subscribed the codes");
        long discardedBefore = info(ie).getDiscarded();
        long codesDiscardedBefore = running.runtime.broker().discarded(codesTopic);

        sampling(ie, IM, "vector", 5);
        sampling(ie, SCOPE, MockKeysightScope.ATTRIBUTE, 5);
        Collector.eventually(
            () ->
                sampler.published() >= plain.get(0) + PUBLISHED
                    && scopeSampler.published() >= codesOne.get(0) + PUBLISHED,
            WAIT,
            PUBLISHED + " samples published on both topics");
        sampling(ie, IM, "vector", 0);
        sampling(ie, SCOPE, MockKeysightScope.ATTRIBUTE, 0);
        // A sample taken as sampling stopped may still be published: the newest is the count that
        // holds once the free subscribers have it, else the stalled ones would wait for one that
        // a later sample took the place of.
        long vectors;
        long codes;
        do {
          vectors = sampler.published();
          codes = scopeSampler.published();
          long v = vectors;
          long c = codes;
          Collector.eventually(
              () -> free.get(free.size() - 1) >= v && freeCodes.get(freeCodes.size() - 1) >= c,
              WAIT,
              "every sample at the broker");
        } while (sampler.published() != vectors || scopeSampler.published() != codes);
        long newest = vectors;
        long newestCodes = codes;
        assertTrue(
            running.runtime.broker().pendingLimit(topic) > 3,
            "the topic's limit: " + running.runtime.broker().pendingLimit(topic));
        assertTrue(
            info(ie).getDiscarded() - discardedBefore >= 4 * (PUBLISHED - 3),
            "the broker dropped the older messages of the four that asked for one: "
                + (info(ie).getDiscarded() - discardedBefore));
        assertTrue(
            running.runtime.broker().discarded(codesTopic) - codesDiscardedBefore >= PUBLISHED - 3,
            "the broker dropped the older codes of the library's subscriber: "
                + (running.runtime.broker().discarded(codesTopic) - codesDiscardedBefore));

        release.countDown();
        for (List<Long> s : List.of(plain, one, urlOne, stompOne, libraryOne)) {
          Collector.eventually(() -> s.get(s.size() - 1) == newest, WAIT, "the newest value");
        }
        Collector.eventually(
            () -> codesOne.get(codesOne.size() - 1) == newestCodes, WAIT, "the newest codes");
        for (List<Long> s : List.of(one, urlOne, stompOne, libraryOne)) {
          // The current value (pushed before it stalled), perhaps one more, and the newest.
          assertTrue(s.size() <= 3, "received " + s);
          assertEquals(newest, s.get(s.size() - 1));
        }
        assertTrue(plain.size() >= 100, "held for the one that asked for nothing: " + plain.size());
        assertTrue(
            librarySubscription.gaps() >= 1
                && librarySubscription.missed() >= PUBLISHED - 3
                && librarySubscription.missed() + librarySubscription.received()
                    >= newest - libraryOne.get(0) + 1,
            "the library reports the dropped values as gaps: "
                + librarySubscription.gaps()
                + " gaps, "
                + librarySubscription.missed()
                + " missed, "
                + libraryOne);
        // The codes topic likewise: its current value, perhaps one more, and the newest, as codes.
        assertTrue(codesOne.size() <= 3, "received codes " + codesOne);
        assertFalse(codesCarried.contains(false), "codes, not doubles: " + codesCarried);
        assertTrue(
            codesSubscription.gaps() >= 1
                && codesSubscription.missed() >= PUBLISHED - 3
                && codesSubscription.missed() + codesSubscription.received()
                    >= newestCodes - codesOne.get(0) + 1,
            "the library reports the dropped codes as gaps: "
                + codesSubscription.gaps()
                + " gaps, "
                + codesSubscription.missed()
                + " missed, "
                + codesOne);
      } finally {
        release.countDown();
        openWire.close();
        limitedByUrl.close();
        library.close();
      }
    }
  }

  /**
   * The sequence numbers a subscriber receives over OpenWire (prefetch 1) from {@code destination},
   * in a session of its own; it stalls in its first message until {@code release} (not at all if it
   * is open).
   */
  private static List<Long> stalled(Connection c, String destination, CountDownLatch release)
      throws JMSException {
    List<Long> received = new CopyOnWriteArrayList<>();
    Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
    s.createConsumer(s.createTopic(destination))
        .setMessageListener(
            m -> {
              try {
                received.add(m.getLongProperty("ieSequence"));
                release.await();
              } catch (JMSException e) {
                throw new IllegalStateException(e);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
            });
    return received;
  }

  /**
   * The sequence numbers a STOMP subscriber asking for a prefetch of 1 and one held message
   * receives; it acknowledges none until {@code release}.
   */
  private static List<Long> stalledStomp(Socket socket, String topic, CountDownLatch release)
      throws Exception {
    OutputStream out = socket.getOutputStream();
    out.write(
        ("CONNECT\naccept-version:1.2\nhost:localhost\nlogin:admin\npasscode:admin\n\n\0"
                + "SUBSCRIBE\nid:0\ndestination:/topic/"
                + topic
                + "\nack:client-individual\nactivemq.prefetchSize:1"
                + "\nactivemq.maximumPendingMessageLimit:1\n\n\0")
            .getBytes(StandardCharsets.UTF_8));
    out.flush();
    List<Long> received = new CopyOnWriteArrayList<>();
    StompFrames.readEach(
        socket.getInputStream(),
        f -> {
          if (f.command().equals("MESSAGE")) {
            received.add(Long.parseLong(f.headers().get("ieSequence")));
            release.await();
            out.write(
                ("ACK\nid:" + f.headers().get("ack") + "\n\n\0").getBytes(StandardCharsets.UTF_8));
            out.flush();
          }
        });
    return received;
  }

  /**
   * An OpenWire connection with a topic prefetch of 1 and these options on its URL ({@code ?...}).
   */
  private static Connection openWire(RunningElement running, String options) throws JMSException {
    ActiveMQConnectionFactory cf =
        new ActiveMQConnectionFactory(running.runtime.broker().openWireUrl() + options);
    cf.setUserName("admin");
    cf.setPassword("admin");
    cf.setWatchTopicAdvisories(false);
    cf.getPrefetchPolicy().setTopicPrefetch(1);
    Connection c = cf.createConnection();
    c.start();
    return c;
  }

  private static void sampling(InstrumentElementPort ie, String im, String attribute, long millis)
      throws Exception {
    ConfigureSampling c = new ConfigureSampling();
    c.setIm(im);
    c.setAttribute(attribute);
    c.setSamplingPeriodMillis(millis);
    ie.configureSampling(c);
  }

  private static SubscriptionInfo info(InstrumentElementPort ie) throws InstrumentElementFault {
    return info(ie, IM, "vector");
  }

  private static SubscriptionInfo info(InstrumentElementPort ie, String im, String attribute)
      throws InstrumentElementFault {
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm(im);
    q.setAttribute(attribute);
    return ie.getSubscriptionInfo(q).getSubscription();
  }
}
