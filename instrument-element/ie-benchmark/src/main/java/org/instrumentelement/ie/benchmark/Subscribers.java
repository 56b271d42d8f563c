package org.instrumentelement.ie.benchmark;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.Session;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.ActiveMQSslConnectionFactory;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.ie.contract.MessageProperty;

/**
 * JMS subscribers, one connection each, counting what they receive and, while recording, how long
 * after acquisition (the {@code ieAcquired} property; the bare baseline's send time) each message
 * arrived; and each one's account of the topic's sequence numbers ({@link SequenceLedger}:
 * delivered, lost, per minute of the run from {@link #startWindows()}).
 */
final class Subscribers implements AutoCloseable {
  private static final int MAX_SAMPLES = 2_000_000;
  private static final int PREFETCH = 100;
  private static final int ACK_INTERVAL_MILLIS = 1_000;
  private static final String SEQUENCE = MessageProperty.SEQUENCE.key();
  private static final String EPOCH = MessageProperty.EPOCH.key();

  final AtomicLong received = new AtomicLong();
  private final List<Connection> connections = new ArrayList<>();
  private final List<SequenceLedger> ledgers = new ArrayList<>();
  private volatile long windowsStart;
  private final long[] latencyMicros = new long[MAX_SAMPLES];
  private final AtomicLong samples = new AtomicLong();
  private volatile boolean recording;

  Subscribers(
      int count, String brokerUrl, String user, String password, String topic, String timeProperty)
      throws JMSException {
    this(count, brokerUrl, null, user, password, topic, timeProperty);
  }

  /**
   * Subscribers over OpenWire, or over TLS ({@code ssl://}) trusting the IE's certificate through
   * {@code tls}.
   */
  Subscribers(
      int count,
      String brokerUrl,
      ClientTls tls,
      String user,
      String password,
      String topic,
      String timeProperty)
      throws JMSException {
    for (int i = 0; i < count; i++) {
      ActiveMQConnectionFactory cf = factory(brokerUrl, tls);
      cf.setWatchTopicAdvisories(false);
      // A lean subscriber, as the ie-client library's: acknowledgements in batches (every 65 of a
      // prefetch of 100, or a second after the last), not one per message, and the listener
      // called on the connection's own thread.
      cf.getPrefetchPolicy().setTopicPrefetch(PREFETCH);
      cf.setOptimizeAcknowledge(true);
      cf.setOptimizedAckScheduledAckInterval(ACK_INTERVAL_MILLIS);
      cf.setOptimizeAcknowledgeTimeOut(ACK_INTERVAL_MILLIS);
      cf.setAlwaysSessionAsync(false);
      if (user != null) {
        cf.setUserName(user);
        cf.setPassword(password);
      }
      Connection c = cf.createConnection();
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      SequenceLedger ledger = new SequenceLedger();
      ledgers.add(ledger);
      s.createConsumer(s.createTopic(topic))
          .setMessageListener(m -> onMessage(m, timeProperty, ledger));
      c.start();
      connections.add(c);
    }
  }

  private static ActiveMQConnectionFactory factory(String brokerUrl, ClientTls tls) {
    if (tls == null) {
      return new ActiveMQConnectionFactory(brokerUrl);
    }
    ActiveMQSslConnectionFactory secure = new ActiveMQSslConnectionFactory(brokerUrl);
    secure.setKeyAndTrustManagers(tls.keyManagers(), tls.trustManagers(), new SecureRandom());
    return secure;
  }

  private void onMessage(Message m, String timeProperty, SequenceLedger ledger) {
    received.incrementAndGet();
    try {
      if (m.propertyExists(SEQUENCE)) {
        ledger.accept(
            m.getLongProperty(SEQUENCE),
            m.propertyExists(EPOCH) ? m.getLongProperty(EPOCH) : 0,
            minute());
      }
    } catch (JMSException e) {
      // not a numbered message: nothing to account for
    }
    if (recording) {
      try {
        Instant now = Instant.now();
        long nowMicros = now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
        long i = samples.getAndIncrement();
        if (i < MAX_SAMPLES) {
          latencyMicros[(int) i] = nowMicros - m.getLongProperty(timeProperty);
        }
        if (m instanceof BytesMessage b && b.getBodyLength() == 0) {
          throw new IllegalStateException("empty message");
        }
      } catch (JMSException e) {
        // not a benchmark message
      }
    }
  }

  /** Starts the per-minute windows of the ledgers: minute 0 begins now. */
  void startWindows() {
    windowsStart = System.nanoTime();
  }

  /** The minute of the run now, from 0; -1 before {@link #startWindows()}. */
  int minute() {
    long start = windowsStart;
    return start == 0 ? -1 : (int) ((System.nanoTime() - start) / 60_000_000_000L);
  }

  /** Each subscriber's ledger, in the order they connected. */
  List<SequenceLedger> ledgers() {
    return List.copyOf(ledgers);
  }

  /**
   * Waits until no message has arrived for {@code quietMillis} (the broker has delivered what it
   * held), at most {@code deadlineMillis}.
   */
  void awaitQuiet(long quietMillis, long deadlineMillis) throws InterruptedException {
    long deadline = System.nanoTime() + deadlineMillis * 1_000_000;
    long seen = received.get();
    long quietSince = System.nanoTime();
    while (System.nanoTime() < deadline) {
      Thread.sleep(50);
      long now = received.get();
      if (now != seen) {
        seen = now;
        quietSince = System.nanoTime();
      } else if (System.nanoTime() - quietSince >= quietMillis * 1_000_000) {
        return;
      }
    }
  }

  /** Starts recording latencies afresh. */
  void record(boolean on) {
    if (on) {
      samples.set(0);
    }
    recording = on;
  }

  /** The latency percentile (0..1) of the recorded messages, in milliseconds; NaN without any. */
  double latencyMillis(double percentile) {
    return Statistics.percentile(Arrays.copyOf(latencyMicros, (int) recorded()), percentile)
        / 1000.0;
  }

  /** How many latencies were recorded (at most {@value #MAX_SAMPLES}). */
  long recorded() {
    return Math.min(samples.get(), MAX_SAMPLES);
  }

  @Override
  public void close() {
    for (Connection c : connections) {
      try {
        c.close();
      } catch (JMSException e) {
        // closing anyway
      }
    }
  }
}
