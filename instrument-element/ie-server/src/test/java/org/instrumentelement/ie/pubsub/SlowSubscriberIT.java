package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
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
}
