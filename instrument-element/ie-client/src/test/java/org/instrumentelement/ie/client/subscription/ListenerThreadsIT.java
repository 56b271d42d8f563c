package org.instrumentelement.ie.client.subscription;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.instrumentelement.ie.client.soap.GetAttributeResponse;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfoResponse;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber.Subscription;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a listener may do inside a notice, and what a closed subscription hears: a listener that
 * waits there for another thread which reads its subscription's counters, or closes another
 * subscription, is not left waiting (as a GUI listener that hands the notice to its own thread and
 * waits for it); and a subscription closed while the others are told hears nothing once {@code
 * close()} has returned. Against a broker in the test JVM, stopped and started again on its port to
 * cut the connection, and a stand-in Instrument Element port that answers the read of the current
 * value after a reconnect. The waits are bounded: a listener left waiting fails the test.
 */
class ListenerThreadsIT {
  static final Duration WAIT = Duration.ofSeconds(20);
  static final String TOPIC = "ie.test.stand-in.text";
  static final AttributeSubscriber.Options OPTIONS =
      new AttributeSubscriber.Options(500, Duration.ofMillis(100), null, null, ClientTls.DEFAULTS);

  /** The notices a test makes a subscription hear. */
  enum Notice {
    LOST,
    RESTORED,
    RESYNCHRONISED,
    GAP,
    RESTART
  }

  @ParameterizedTest
  @EnumSource(Notice.class)
  void aListenerMayWaitInANoticeForAnotherThreadThatReadsItsSubscription(Notice notice)
      throws Exception {
    AtomicReference<Subscription> own = new AtomicReference<>();
    Waiting listener =
        new Waiting(
            notice,
            () -> {
              Subscription s = own.get();
              return s.received() + s.missed() + s.gaps() + s.duplicates() + s.resyncFailures();
            });
    tell(
        notice,
        listener,
        listener,
        sub -> own.set(sub.subscribe(standIn(), "lab/stand-in", "text", listener)));
  }

  /**
   * While the subscriber's connection is lost or back, its listener waits for a thread that closes
   * another subscription: closing sends on the connection, which ActiveMQ holds while it tells the
   * subscriber so.
   */
  @ParameterizedTest
  @EnumSource(
      value = Notice.class,
      names = {"LOST", "RESTORED"})
  void aListenerMayWaitInANoticeForAnotherThreadThatClosesAnotherSubscription(Notice notice)
      throws Exception {
    AtomicReference<Subscription> other = new AtomicReference<>();
    Waiting listener =
        new Waiting(
            notice,
            () -> {
              other.get().close();
              return null;
            });
    tell(
        notice,
        listener,
        listener,
        sub -> {
          sub.subscribe(TOPIC, listener);
          other.set(sub.subscribe(TOPIC, value -> {}));
        });
  }

  /**
   * The first subscription's listener closes the second when the connection is lost or back; the
   * second hears nothing after its {@code close()} returned. The third, told after the second, says
   * when the second's turn has passed.
   */
  @ParameterizedTest
  @EnumSource(
      value = Notice.class,
      names = {"LOST", "RESTORED"})
  void aSubscriptionClosedWhileOthersAreToldHearsNothingAfterCloseReturned(Notice notice)
      throws Exception {
    AtomicReference<Subscription> second = new AtomicReference<>();
    AtomicBoolean secondClosed = new AtomicBoolean();
    List<String> heardAfterClose = new CopyOnWriteArrayList<>();
    Waiting closer =
        new Waiting(
            notice,
            () -> {
              second.get().close();
              secondClosed.set(true);
              return null;
            });
    closer.sameThread = true;
    Waiting third = new Waiting(notice, () -> null);
    tell(
        notice,
        closer,
        third,
        sub -> {
          sub.subscribe(TOPIC, closer);
          second.set(sub.subscribe(TOPIC, notingAfter(secondClosed, heardAfterClose)));
          sub.subscribe(TOPIC, third);
        });
    assertTrue(secondClosed.get(), "the second subscription closed");
    assertEquals(List.of(), heardAfterClose, "told after close() returned");
  }

  /**
   * Closing the whole subscriber while a listener is being told that the connection is back waits
   * for that listener to return, and the other subscription, whose notice was queued behind it,
   * hears nothing. The listener ignores interrupts and is released only once {@code close()} has
   * returned or has not within two seconds: a close that does not wait returns first.
   */
  @Test
  void closingTheSubscriberWaitsForANoticeBeingToldAndNothingIsToldAfter() throws Exception {
    List<String> order = new CopyOnWriteArrayList<>();
    CountDownLatch telling = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    CountDownLatch lost = new CountDownLatch(1);
    AtomicBoolean closeReturned = new AtomicBoolean();
    List<String> heardAfterClose = new CopyOnWriteArrayList<>();
    try (EmbeddedBroker broker = EmbeddedBroker.start()) {
      AttributeSubscriber sub = AttributeSubscriber.connect(broker.url(), OPTIONS);
      sub.subscribe(
          TOPIC,
          new SubscriptionListener() {
            @Override
            public void onValue(SampledValue value) {}

            @Override
            public void onConnectionLost() {
              lost.countDown();
            }

            @Override
            public void onConnectionRestored() {
              order.add("told");
              telling.countDown();
              awaitIgnoringInterrupts(release);
              order.add("returned from the notice");
            }
          });
      sub.subscribe(TOPIC, notingAfter(closeReturned, heardAfterClose));
      broker.stop();
      assertTrue(lost.await(WAIT.toMillis(), TimeUnit.MILLISECONDS), "connection lost");
      broker.startAgain();
      assertTrue(telling.await(WAIT.toMillis(), TimeUnit.MILLISECONDS), "told it is back");
      Thread closer =
          new Thread(
              () -> {
                sub.close();
                closeReturned.set(true);
                order.add("close() returned");
              },
              "closer");
      closer.start();
      closer.join(2_000); // returns early only if close() does not wait
      release.countDown();
      closer.join(WAIT.toMillis());
      assertEquals(
          List.of("told", "returned from the notice", "close() returned"),
          order,
          "close() waited for the notice being told");
      assertEquals(List.of(), heardAfterClose, "told after close() returned");
    }
  }

  /**
   * A listener that closes its subscription when told of a restart is not then given the value that
   * brought the restart.
   */
  @Test
  void aListenerClosingItsSubscriptionOnARestartHearsNoMoreOfThatValue() throws Exception {
    List<String> heard = new CopyOnWriteArrayList<>();
    CountDownLatch restarted = new CountDownLatch(1);
    AtomicReference<Subscription> own = new AtomicReference<>();
    try (EmbeddedBroker broker = EmbeddedBroker.start();
        AttributeSubscriber sub = AttributeSubscriber.connect(broker.url(), OPTIONS)) {
      own.set(
          sub.subscribe(
              TOPIC,
              new SubscriptionListener() {
                @Override
                public void onValue(SampledValue value) {
                  heard.add("value " + value.sequence() + " of epoch " + value.epoch());
                }

                @Override
                public void onGap(String topic, long expected, long received) {
                  heard.add("gap");
                }

                @Override
                public void onRestart(String topic, long oldEpoch, long newEpoch) {
                  heard.add("restart");
                  try {
                    own.get().close();
                  } catch (JMSException e) {
                    heard.add(e.toString());
                  }
                  restarted.countDown();
                }
              }));
      broker.publish(TOPIC, 1, 1);
      broker.publish(TOPIC, 1, 2); // the same sequence number from a new IE process
      assertTrue(restarted.await(WAIT.toMillis(), TimeUnit.MILLISECONDS), "told of the restart");
      assertEquals(List.of("value 1 of epoch 1", "restart"), heard);
    }
  }

  private static void awaitIgnoringInterrupts(CountDownLatch latch) {
    long end = System.nanoTime() + WAIT.toNanos();
    while (latch.getCount() > 0 && System.nanoTime() < end) {
      try {
        latch.await(end - System.nanoTime(), TimeUnit.NANOSECONDS);
      } catch (InterruptedException ignored) {
        // a listener that does not stop when interrupted: close() must wait for it all the same
      }
    }
  }

  /** What a test subscribes before the notice is made. */
  private interface Subscribing {
    void to(AttributeSubscriber sub) throws Exception;
  }

  /**
   * Subscribes as {@code subscribing} says on a new broker, makes {@code madeBy}'s subscription
   * hear {@code notice}, and checks that {@code awaited} got through it and {@code madeBy} failed
   * in nothing.
   */
  private static void tell(Notice notice, Waiting madeBy, Waiting awaited, Subscribing subscribing)
      throws Exception {
    try (EmbeddedBroker broker = EmbeddedBroker.start();
        AttributeSubscriber sub = AttributeSubscriber.connect(broker.url(), OPTIONS)) {
      subscribing.to(sub);
      make(notice, broker, madeBy);
      assertTrue(awaited.done.await(2 * WAIT.toMillis(), TimeUnit.MILLISECONDS), "told " + notice);
      assertNull(madeBy.failure, madeBy.failure);
    }
  }

  /** A listener that notes each notice of the connection told once {@code after} is set. */
  private static SubscriptionListener notingAfter(AtomicBoolean after, List<String> heard) {
    return new SubscriptionListener() {
      @Override
      public void onValue(SampledValue value) {}

      @Override
      public void onConnectionLost() {
        if (after.get()) {
          heard.add("onConnectionLost");
        }
      }

      @Override
      public void onConnectionRestored() {
        if (after.get()) {
          heard.add("onConnectionRestored");
        }
      }
    };
  }

  /** Makes the subscription that {@code listener} listens to hear {@code notice}. */
  private static void make(Notice notice, EmbeddedBroker broker, Waiting listener)
      throws Exception {
    switch (notice) {
      case LOST -> broker.stop();
      case RESTORED, RESYNCHRONISED -> {
        broker.stop();
        assertTrue(listener.lost.await(WAIT.toMillis(), TimeUnit.MILLISECONDS), "connection lost");
        broker.startAgain();
      }
      case GAP -> {
        broker.publish(TOPIC, 1, 1);
        broker.publish(TOPIC, 3, 1);
      }
      case RESTART -> {
        broker.publish(TOPIC, 1, 1);
        broker.publish(TOPIC, 1, 2);
      }
    }
  }

  /**
   * A listener that, the first time it hears its notice, has another thread do something and waits
   * for it (at most {@link #WAIT}); or does it itself, if {@link #sameThread}.
   */
  private static final class Waiting implements SubscriptionListener {
    private final Notice notice;
    private final Callable<?> meanwhile;
    private final AtomicBoolean heard = new AtomicBoolean();
    final CountDownLatch lost = new CountDownLatch(1);
    final CountDownLatch done = new CountDownLatch(1);
    volatile boolean sameThread;
    volatile String failure;

    Waiting(Notice notice, Callable<?> meanwhile) {
      this.notice = notice;
      this.meanwhile = meanwhile;
    }

    private void heard(Notice n) {
      if (n != notice || !heard.compareAndSet(false, true)) {
        return;
      }
      try {
        if (sameThread) {
          meanwhile.call();
          return;
        }
        FutureTask<?> task = new FutureTask<>(meanwhile);
        Thread other = new Thread(task, "the listener's other thread");
        other.setDaemon(true);
        other.start();
        task.get(WAIT.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        failure = "the other thread did not get through in " + WAIT + " while " + n + " was told";
      } catch (ExecutionException e) {
        failure = "the other thread failed: " + e.getCause();
      } catch (Exception e) {
        failure = e.toString();
      } finally {
        done.countDown();
      }
    }

    @Override
    public void onValue(SampledValue value) {}

    @Override
    public void onGap(String topic, long expected, long received) {
      heard(Notice.GAP);
    }

    @Override
    public void onRestart(String topic, long oldEpoch, long newEpoch) {
      heard(Notice.RESTART);
    }

    @Override
    public void onConnectionLost() {
      heard(Notice.LOST);
      lost.countDown();
    }

    @Override
    public void onConnectionRestored() {
      heard(Notice.RESTORED);
    }

    @Override
    public void onResynchronised(String topic, Value current) {
      heard(Notice.RESYNCHRONISED);
    }
  }

  /** An Instrument Element port that names {@link #TOPIC} and answers every read with a value. */
  private static InstrumentElementPort standIn() {
    return (InstrumentElementPort)
        Proxy.newProxyInstance(
            ListenerThreadsIT.class.getClassLoader(),
            new Class<?>[] {InstrumentElementPort.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "getSubscriptionInfo" -> {
                    SubscriptionInfo info = new SubscriptionInfo();
                    info.setTopic(TOPIC);
                    GetSubscriptionInfoResponse r = new GetSubscriptionInfoResponse();
                    r.setSubscription(info);
                    yield r;
                  }
                  case "getAttribute" -> {
                    Value v = new Value();
                    v.setStringValue("current");
                    GetAttributeResponse r = new GetAttributeResponse();
                    r.setValue(v);
                    yield r;
                  }
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
