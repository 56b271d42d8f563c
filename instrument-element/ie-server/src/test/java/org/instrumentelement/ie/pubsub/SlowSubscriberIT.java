package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.junit.jupiter.api.Test;

/**
 * A stuck subscriber does not slow the sampler, the publisher or the other subscribers: the broker
 * drops its oldest messages (and counts them), and it learns of the loss from the gap in sequence
 * numbers once it moves again. The broker holds 10 messages for it ({@code broker.pendingTime} off,
 * so that it loses some well within the test; with a time the limit is larger, and it loses the
 * same way: {@code PendingLimitsTest}).
 */
class SlowSubscriberIT {
  static final Duration WAIT = Duration.ofSeconds(60);

  @Test
  void stalledSubscriberLosesItsOldestMessagesAndNobodyElseNotices() throws Exception {
    try (RunningElement running =
        RunningElement.mockLab("--broker.maxPendingMessages=10", "--broker.pendingTime=off")) {
      InstrumentElementPort ie = running.client();
      GetSubscriptionInfo q = new GetSubscriptionInfo();
      q.setIm("lab/array1250");
      q.setAttribute("vector");
      String url = ie.getSubscriptionInfo(q).getSubscription().getBrokerUrl();
      String topic = ie.getSubscriptionInfo(q).getSubscription().getTopic();

      CountDownLatch stall = new CountDownLatch(1);
      Collector stuck = new Collector(stall);
      List<Collector> others = new ArrayList<>();
      List<AttributeSubscriber> connections = new ArrayList<>();
      try {
        AttributeSubscriber slow =
            AttributeSubscriber.connect(
                url,
                AttributeSubscriber.Options.DEFAULTS
                    .withPrefetch(1)
                    .withCredentials("admin", "admin"));
        connections.add(slow);
        slow.subscribe(ie, "lab/array1250", "vector", stuck);
        for (int i = 0; i < 10; i++) {
          AttributeSubscriber s = AttributeSubscriber.connect(url, "admin", "admin");
          connections.add(s);
          Collector c = new Collector();
          s.subscribe(ie, "lab/array1250", "vector", c);
          others.add(c);
        }
        ConfigureSampling fast = new ConfigureSampling();
        fast.setIm("lab/array1250");
        fast.setAttribute("vector");
        fast.setSamplingPeriodMillis(5L);
        ie.configureSampling(fast);

        for (Collector c : others) {
          c.awaitCount(300, WAIT);
        }
        for (Collector c : others) {
          SubscriptionIT.assertInOrderAndAccounted(
              c, () -> running.runtime.publisher().superseded(topic));
        }
        assertEquals(1, stuck.count(), "the stuck subscriber is still in its first delivery");
        SubscriptionInfo info = ie.getSubscriptionInfo(q).getSubscription();
        assertTrue(info.getDiscarded() > 0, "the broker dropped messages for the stuck one");
        assertTrue(info.getPublished() >= 300, "sampling went on: " + info.getPublished());

        stall.countDown();
        long before =
            running.runtime.subscriptions().get("lab/array1250", "vector").sampler().published();
        stuck.await(() -> !stuck.gaps.isEmpty(), WAIT, "a gap reported to the stuck subscriber");
        stuck.await(
            () -> stuck.values.get(stuck.values.size() - 1).sequence() >= before,
            WAIT,
            "the stuck subscriber catching up");
        assertTrue(stuck.missed() >= 300 - 1 - 10 - 1, "missed " + stuck.missed());
      } finally {
        stall.countDown();
        connections.forEach(AttributeSubscriber::close);
      }
    }
  }

  /**
   * Clients whose sockets stop reading altogether hold up nobody either. The broker's write to such
   * a client blocks once its socket's buffers are full (it pushes up to {@code broker.maxPrefetch}
   * messages), and holds one of the threads that write to the clients; with more such clients than
   * the broker has of those threads (one per core), the others still get every message.
   */
  @Test
  void clientsThatStopReadingTheirSocketsHoldUpNobody() throws Exception {
    int stuckCount = Runtime.getRuntime().availableProcessors() + 2;
    try (RunningElement running = RunningElement.mockLab()) {
      InstrumentElementPort ie = running.client();
      GetSubscriptionInfo q = new GetSubscriptionInfo();
      q.setIm("lab/array1250");
      q.setAttribute("vector");
      SubscriptionInfo subscription = ie.getSubscriptionInfo(q).getSubscription();
      String topic = subscription.getTopic();
      URI stomp = URI.create(running.runtime.broker().stompUrl());
      List<Socket> stuck = new ArrayList<>();
      List<Collector> others = new ArrayList<>();
      List<AttributeSubscriber> connections = new ArrayList<>();
      try {
        for (int i = 0; i < stuckCount; i++) {
          Socket s = new Socket();
          stuck.add(s);
          s.setReceiveBufferSize(4096);
          s.connect(new InetSocketAddress(stomp.getHost(), stomp.getPort()));
          // Subscribes, then never reads a byte.
          s.getOutputStream()
              .write(
                  ("CONNECT\naccept-version:1.2\nhost:localhost\nlogin:admin\npasscode:admin\n\n\0"
                          + "SUBSCRIBE\nid:0\ndestination:/topic/"
                          + topic
                          + "\nack:client-individual\nactivemq.prefetchSize:100000\n\n\0")
                      .getBytes(StandardCharsets.UTF_8));
        }
        for (int i = 0; i < 3; i++) {
          AttributeSubscriber s =
              AttributeSubscriber.connect(subscription.getBrokerUrl(), "admin", "admin");
          connections.add(s);
          Collector c = new Collector();
          s.subscribe(ie, "lab/array1250", "vector", c);
          others.add(c);
        }
        awaitTrue(
            () -> running.runtime.broker().subscribers(topic) == stuckCount + 3,
            "every subscription");
        ConfigureSampling fast = new ConfigureSampling();
        fast.setIm("lab/array1250");
        fast.setAttribute("vector");
        fast.setSamplingPeriodMillis(5L);
        ie.configureSampling(fast);

        awaitTrue(
            () -> writesBlocked() >= stuckCount,
            "the broker's writes to the " + stuckCount + " clients that read nothing blocking");
        for (Collector c : others) {
          c.awaitCount(c.count() + 300, WAIT);
        }
        for (Collector c : others) {
          SubscriptionIT.assertInOrderAndAccounted(
              c, () -> running.runtime.publisher().superseded(topic));
        }
      } finally {
        connections.forEach(AttributeSubscriber::close);
        for (Socket s : stuck) {
          s.close();
        }
      }
    }
  }

  /** Threads of the broker's dispatch pool in a socket write now. */
  private static long writesBlocked() {
    return Thread.getAllStackTraces().entrySet().stream()
        .filter(e -> e.getKey().getName().startsWith("ie-broker-dispatch-"))
        .filter(
            e ->
                Arrays.stream(e.getValue())
                    .anyMatch(
                        f ->
                            f.getClassName().equals("sun.nio.ch.NioSocketImpl")
                                && f.getMethodName().equals("implWrite")))
        .count();
  }

  private static void awaitTrue(BooleanSupplier condition, String what)
      throws InterruptedException {
    long end = System.nanoTime() + WAIT.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        fail("timed out waiting for " + what);
      }
      Thread.sleep(10);
    }
  }
}
