package org.instrumentelement.ie.pubsub;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.BlockingDeque;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.TrustManager;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.apache.activemq.transport.TransportListener;
import org.apache.activemq.util.ByteSequence;
import org.apache.activemq.util.JMSExceptionSupport;
import org.instrumentelement.ial.trace.ScaledCodes;
import org.instrumentelement.ie.contract.EpochMicros;
import org.instrumentelement.ie.contract.MessageProperty;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.contract.ValueCodec;
import org.instrumentelement.im.model.Value;
import org.instrumentelement.im.sampling.Sample;
import org.instrumentelement.im.sampling.SampleSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends samples to their topics from one thread of its own. Each sampler publishes through the sink
 * {@link #bind bound} to its {@link PublishedTopic}, which only adds the sample to a bounded queue
 * of unsent samples of that topic, so samplers never wait for the broker: every sample is sent, in
 * order, unless a topic's queue is full (the broker slow or down for longer than the queue holds)
 * or the unsent samples of all topics together hold their memory bound, when the oldest unsent
 * sample of the topic adding one is dropped (counted as superseded; the newest is always kept) and
 * subscribers see the gap in the sequence numbers. Topics take turns, one sample each. The
 * connection uses ActiveMQ's failover transport, so publishing resumes by itself when the broker
 * returns.
 */
public final class TopicPublisher implements TopicSinks, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TopicPublisher.class);
  private static final long RETRY_MILLIS = 200;

  /**
   * A text message that must not be lost or replaced by a newer one (an alarm event): sent in the
   * order given, after any failure retried until it goes.
   *
   * @param properties the message properties: String, Long, Integer or Boolean values
   */
  public record Notice(String topic, String text, Map<String, Object> properties) {}

  /** Most notices held while the broker is away; older ones are dropped beyond it. */
  static final int MAX_NOTICES = 10_000;

  /** The unsent samples of one topic, oldest first, and whether it waits in line (once, if so). */
  private static final class TopicQueue {
    final PublishedTopic topic;
    final AtomicLong superseded;
    final ArrayDeque<Sample> samples = new ArrayDeque<>();
    boolean scheduled;

    TopicQueue(PublishedTopic topic, AtomicLong superseded) {
      this.topic = topic;
      this.superseded = superseded;
    }
  }

  /**
   * The unsent samples one topic may hold by default before the oldest is dropped: a second of
   * samples at 1,000 per second, enough to ride out the broker's first half-minute (while the JIT
   * compiles it) without dropping any; their memory is bounded for all topics together.
   */
  public static final int DEFAULT_QUEUE_DEPTH = 1024;

  private final String brokerUrl;
  private final String user;
  private final String password;
  private final TrustManager[] trust;
  private final long epoch;
  private final int queueDepth;
  private final long maxQueuedBytes;
  private final AtomicLong queuedBytes = new AtomicLong();
  private final LinkedBlockingQueue<TopicQueue> ready = new LinkedBlockingQueue<>();
  private final AtomicLong accepted = new AtomicLong();
  private final BlockingDeque<Notice> notices = new LinkedBlockingDeque<>();
  private final AtomicLong noticesDropped = new AtomicLong();

  /** A token in the ready queue that only wakes the thread up to send notices. */
  private final TopicQueue wake = new TopicQueue(new PublishedTopic("", "", "", ""), null);

  private final AtomicLong sent = new AtomicLong();
  private final AtomicLong superseded = new AtomicLong();
  private final AtomicLong failures = new AtomicLong();
  private final Map<String, MessageProducer> producers = new HashMap<>(); // publisher thread only
  private final Map<String, AtomicLong> sentByTopic = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> supersededByTopic = new ConcurrentHashMap<>();

  /**
   * How long {@link #close} waits for the publishing thread to stop, before and after interrupting
   * it.
   */
  private static final long STOP_MILLIS = 5000;

  private volatile boolean running;
  private volatile boolean connected;

  /** Counted down by {@link #close}: ends the publishing thread's waits between attempts. */
  private final CountDownLatch stopping = new CountDownLatch(1);

  private Thread thread;
  private Connection connection;
  private Session session;

  /**
   * @param brokerUrl any ActiveMQ URL; a plain one is wrapped in {@code failover:(...)}
   * @param user the broker account to publish with, or null for none
   * @param trust what to trust of a broker reached over TLS ({@code ssl://}), or null for the JVM's
   *     default trust
   * @param epoch sent with every message so subscribers tell a restarted Instrument Element
   */
  public TopicPublisher(
      String brokerUrl, String user, String password, TrustManager[] trust, long epoch) {
    this(brokerUrl, user, password, trust, epoch, DEFAULT_QUEUE_DEPTH);
  }

  /**
   * As above, with {@code queueDepth} unsent samples per topic kept before the oldest is dropped
   * (1: only the newest), and no bound on their memory but that.
   */
  public TopicPublisher(
      String brokerUrl,
      String user,
      String password,
      TrustManager[] trust,
      long epoch,
      int queueDepth) {
    this(brokerUrl, user, password, trust, epoch, queueDepth, Long.MAX_VALUE);
  }

  /**
   * As above, and the unsent samples of all topics together held to about {@code maxQueuedBytes}
   * (as {@link #bytes} counts them): beyond it a topic adding a sample drops its own oldest first.
   */
  public TopicPublisher(
      String brokerUrl,
      String user,
      String password,
      TrustManager[] trust,
      long epoch,
      int queueDepth,
      long maxQueuedBytes) {
    if (queueDepth < 1) {
      throw new IllegalArgumentException("a topic's queue holds at least one sample");
    }
    if (maxQueuedBytes < 1) {
      throw new IllegalArgumentException("the unsent samples need some memory");
    }
    this.queueDepth = queueDepth;
    this.maxQueuedBytes = maxQueuedBytes;
    this.brokerUrl = failover(brokerUrl);
    this.user = user;
    this.password = password;
    this.trust = trust == null ? null : trust.clone();
    this.epoch = epoch;
  }

  /**
   * Makes a URL reconnect by itself: plain URLs go inside {@code failover:(...)}, and a send gives
   * up after a few seconds (to be retried) rather than waiting forever for a broker.
   */
  static String failover(String url) {
    String f = url.startsWith("failover:") ? url : "failover:(" + url + ")";
    if (f.contains("timeout=")) {
      return f;
    }
    String options = "timeout=3000&initialReconnectDelay=100&maxReconnectDelay=2000";
    int close = f.lastIndexOf(')');
    return f + (f.indexOf('?', close) >= 0 ? "&" : "?") + options;
  }

  /**
   * Starts the publishing thread. It connects to the broker by itself (and keeps trying), so an
   * Instrument Element starts even while its broker is down.
   */
  public synchronized void start() {
    running = true;
    thread = new Thread(this::run, "ie-topic-publisher");
    thread.setDaemon(true);
    thread.start();
  }

  /** Connects, retrying until it works or the publisher stops; false if stopped first. */
  private boolean connect() {
    long delay = 100;
    while (running) {
      ActiveMQConnection c = null;
      try {
        ActiveMQConnectionFactory cf =
            BrokerConnectionFactory.create(brokerUrl, user, password, trust);
        cf.setUseAsyncSend(true);
        cf.setCopyMessageOnSend(false);
        c = (ActiveMQConnection) cf.createConnection();
        c.addTransportListener(
            new TransportListener() {
              @Override
              public void onCommand(Object command) {}

              @Override
              public void onException(IOException error) {
                connected = false;
              }

              @Override
              public void transportInterupted() {
                connected = false;
              }

              @Override
              public void transportResumed() {
                connected = true;
              }
            });
        c.start();
        synchronized (this) {
          if (!running) {
            // Closed while connecting: close() has already closed what it knew of.
            BrokerConnectionFactory.closeQuietly(c);
            return false;
          }
          connection = c;
          session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        }
        connected = true;
        return true;
      } catch (JMSException | RuntimeException e) {
        BrokerConnectionFactory.closeQuietly(c);
        synchronized (this) {
          connection = null;
          session = null;
        }
        if (!running) {
          return false;
        }
        LOG.warn("cannot connect to the broker {} yet: {}", brokerUrl, e.toString());
        if (!pause(delay)) { // backoff between attempts of a background thread
          return false;
        }
        delay = Math.min(delay * 2, 5000);
      }
    }
    return false;
  }

  /**
   * Waits, while connected, until every sample handed over is sent (or dropped, and counted), or
   * {@code max} has passed. Called at shutdown once the samplers have stopped, so that the last
   * messages (long-running commands cancelled by the shutdown) reach the broker before the
   * connection closes.
   *
   * @return whether nothing was left unsent
   */
  public boolean drain(java.time.Duration max) {
    long end = System.nanoTime() + max.toNanos();
    while (sent.get() + superseded.get() + noticesDropped.get() < accepted.get()) {
      if (!connected || System.nanoTime() > end) {
        return false;
      }
      try {
        Thread.sleep(5); // polls the publisher thread's progress, bounded by max
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return true;
  }

  /** Whether the publisher is connected to the broker now. */
  public boolean connected() {
    return connected;
  }

  @Override
  public SampleSink bind(PublishedTopic topic) {
    TopicQueue q =
        new TopicQueue(
            topic, supersededByTopic.computeIfAbsent(topic.topic(), t -> new AtomicLong()));
    return sample -> offer(q, sample);
  }

  private void offer(TopicQueue q, Sample sample) {
    accepted.incrementAndGet();
    long size = bytes(sample);
    int dropped = 0;
    boolean schedule = false;
    synchronized (q) {
      while (!q.samples.isEmpty()
          && (q.samples.size() >= queueDepth || queuedBytes.get() + size > maxQueuedBytes)) {
        queuedBytes.addAndGet(-bytes(q.samples.pollFirst()));
        dropped++;
      }
      q.samples.addLast(sample);
      queuedBytes.addAndGet(size);
      if (!q.scheduled) {
        q.scheduled = true;
        schedule = true;
      }
    }
    for (int i = 0; i < dropped; i++) {
      countSuperseded(q);
    }
    if (schedule) {
      ready.offer(q);
    }
  }

  /**
   * About the memory a queued sample holds: its payload (8 bytes per double, 2 per character) and a
   * fixed share for the sample, its value and their headers.
   */
  static long bytes(Sample s) {
    Value v = s.value();
    return 96
        + switch (v.type()) {
          case DOUBLE_ARRAY -> 8L * v.vectorLength();
          case STRING, ENUM -> 2L * v.asString().length();
          default -> 8;
        };
  }

  /** Bytes the unsent samples of all topics hold now, as {@link #bytes} counts them. */
  long queuedBytes() {
    return queuedBytes.get();
  }

  private void countSuperseded(TopicQueue q) {
    superseded.incrementAndGet();
    q.superseded.incrementAndGet();
  }

  /**
   * Queues a notice to be sent after those queued before it. Never blocks: beyond {@link
   * #MAX_NOTICES} unsent ones the oldest is dropped (the topic's sequence numbers show the gap).
   */
  public void publish(Notice notice) {
    while (notices.size() >= MAX_NOTICES && notices.pollFirst() != null) {
      noticesDropped.incrementAndGet();
    }
    accepted.incrementAndGet();
    notices.offerLast(notice);
    ready.offer(wake);
  }

  /** Sends the queued notices; false if one failed (it stays first in the queue). */
  private boolean sendNotices() {
    Notice n;
    while ((n = notices.peekFirst()) != null) {
      try {
        sendNotice(n);
        notices.remove(n);
        sent.incrementAndGet();
        sentByTopic.computeIfAbsent(n.topic(), t -> new AtomicLong()).incrementAndGet();
      } catch (JMSException | RuntimeException e) {
        failures.incrementAndGet();
        LOG.warn("publishing to {} failed, will retry: {}", n.topic(), e.toString());
        return false;
      }
    }
    return true;
  }

  private void sendNotice(Notice n) throws JMSException {
    TextMessage m = session.createTextMessage(n.text());
    for (Map.Entry<String, Object> p : n.properties().entrySet()) {
      m.setObjectProperty(p.getKey(), p.getValue());
    }
    m.setLongProperty(MessageProperty.EPOCH.key(), epoch);
    m.setLongProperty(MessageProperty.PUBLISHED.key(), EpochMicros.of(Instant.now()));
    producer(n.topic()).send(m);
  }

  /**
   * Waits {@code millis} between attempts; false if the publisher is closed meanwhile (or the
   * thread interrupted, {@link #close}'s last resort).
   */
  private boolean pause(long millis) {
    try {
      return !stopping.await(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      return false;
    }
  }

  private void run() {
    if (!connect()) {
      return;
    }
    while (running) {
      if (!sendNotices()) {
        if (!pause(RETRY_MILLIS)) { // the broker refused: wait a little before retrying
          return;
        }
        continue;
      }
      TopicQueue q;
      try {
        q = ready.poll(100, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        return;
      }
      if (q != null && q != wake && !sendOne(q)) {
        if (!pause(RETRY_MILLIS)) { // the broker refused: wait a little before retrying
          return;
        }
      }
    }
  }

  /**
   * Sends the oldest unsent sample of a topic and puts the topic back in line if more wait; false
   * if the send failed (the sample is kept at the head of its queue, unless that is full).
   */
  private boolean sendOne(TopicQueue q) {
    Sample s;
    synchronized (q) {
      s = q.samples.pollFirst();
      if (s == null) {
        q.scheduled = false;
        return true;
      }
      queuedBytes.addAndGet(-bytes(s));
    }
    String name = q.topic.topic();
    boolean ok;
    try {
      send(q.topic, s);
      sent.incrementAndGet();
      sentByTopic.computeIfAbsent(name, t -> new AtomicLong()).incrementAndGet();
      ok = true;
    } catch (JMSException | RuntimeException e) {
      failures.incrementAndGet();
      LOG.warn("publishing to {} failed, will retry: {}", name, e.toString());
      ok = false;
      boolean kept;
      synchronized (q) {
        kept = q.samples.size() < queueDepth;
        if (kept) {
          q.samples.addFirst(s);
          queuedBytes.addAndGet(bytes(s));
        }
      }
      if (!kept) {
        countSuperseded(q);
      }
    }
    synchronized (q) {
      if (q.samples.isEmpty()) {
        q.scheduled = false;
        return ok;
      }
    }
    ready.offer(q); // still scheduled: take a turn after the other topics
    return ok;
  }

  private MessageProducer producer(String topic) throws JMSException {
    MessageProducer p = producers.get(topic);
    if (p == null) {
      p = session.createProducer(session.createTopic(topic));
      p.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
      p.setDisableMessageID(true);
      producers.put(topic, p);
    }
    return p;
  }

  /**
   * Sends a sample to its topic and, if its value is a trace kept as the instrument's codes, the
   * codes to the topic's codes topic ({@link TopicNames#codes}) with the same sequence number: a
   * subscriber of either sees every sample.
   */
  private void send(PublishedTopic topic, Sample s) throws JMSException {
    Value v = s.value();
    send(topic.topic(), topic, s, MessageFormat.body(v), MessageFormat.bodyType(v).name(), null);
    ScaledCodes codes = v.scaledCodes();
    if (codes != null) {
      send(
          TopicNames.codes(topic.topic()),
          topic,
          s,
          codes.littleEndianBytes(),
          MessageFormat.codesType(codes).name(),
          codes);
    }
  }

  private void send(
      String name, PublishedTopic topic, Sample s, byte[] body, String type, ScaledCodes codes)
      throws JMSException {
    MessageProducer p = producer(name);
    Value v = s.value();
    BytesMessage m = session.createBytesMessage();
    set(m, MessageProperty.SEQUENCE, s.sequence());
    set(m, MessageProperty.EPOCH, epoch);
    set(m, MessageProperty.ACQUIRED, EpochMicros.of(v.timestamp()));
    set(m, MessageProperty.TYPE, type);
    set(m, MessageProperty.LENGTH, MessageFormat.length(v));
    if (codes != null) {
      set(m, MessageProperty.SCALE, codes.scale());
      set(m, MessageProperty.OFFSET, codes.offset());
      setIfAny(m, MessageProperty.NAN_CODE, codes.nanCode());
      setIfAny(m, MessageProperty.CLIP_LOW_CODE, codes.clipLowCode());
      setIfAny(m, MessageProperty.CLIP_HIGH_CODE, codes.clipHighCode());
    }
    set(m, MessageProperty.UNITS, topic.units());
    set(m, MessageProperty.QUALITY, v.quality().name());
    set(m, MessageProperty.HEARTBEAT, s.heartbeat());
    set(m, MessageProperty.IM, topic.imPath());
    set(m, MessageProperty.ATTRIBUTE, topic.attribute());
    set(m, MessageProperty.BYTE_ORDER, ValueCodec.BYTE_ORDER);
    set(m, MessageProperty.PROVENANCE, s.provenance());
    set(m, MessageProperty.PUBLISHED, EpochMicros.of(Instant.now()));
    if (m instanceof ActiveMQBytesMessage a) {
      // The body as it is, not written through the message's growing stream and copied again
      // when sent. The message is sent uncompressed and not copied (copyMessageOnSend is off), so
      // the array is the message's from here on. Set after the properties: JMS's property setters
      // of a BytesMessage open its body for writing, which copies a body already set into a new
      // stream (see set).
      a.setContent(new ByteSequence(body));
    } else {
      m.writeBytes(body);
    }
    p.send(m);
  }

  /**
   * Sets a property of a message being built. An ActiveMQ message takes it straight into its
   * property map: the IE's properties are plain names with Long, Integer, Double, Boolean or String
   * values, for which JMS's setters only check what is known to hold, and a BytesMessage's setters
   * would also open its body for writing (a stream of its own that replaces the body set with
   * setContent when the message is sent).
   */
  private static void set(BytesMessage m, MessageProperty p, Object value) throws JMSException {
    if (m instanceof ActiveMQBytesMessage a) {
      try {
        a.setProperty(p.key(), value);
      } catch (IOException e) {
        throw JMSExceptionSupport.create(e);
      }
    } else {
      m.setObjectProperty(p.key(), value);
    }
  }

  private static void setIfAny(BytesMessage m, MessageProperty p, Integer code)
      throws JMSException {
    if (code != null) {
      set(m, p, code);
    }
  }

  /** Messages sent to the broker. */
  public long sent() {
    return sent.get();
  }

  /** Messages sent to one topic. */
  public long sent(String topic) {
    AtomicLong n = sentByTopic.get(topic);
    return n == null ? 0 : n.get();
  }

  /** Samples replaced by a newer one before they could be sent, for one topic. */
  public long superseded(String topic) {
    AtomicLong n = supersededByTopic.get(topic);
    return n == null ? 0 : n.get();
  }

  /** Samples replaced by a newer one before they could be sent. */
  public long superseded() {
    return superseded.get();
  }

  /** Notices dropped because too many were waiting for the broker. */
  public long noticesDropped() {
    return noticesDropped.get();
  }

  /** Sends that failed (and were retried or superseded). */
  public long failures() {
    return failures.get();
  }

  /**
   * Stops the publishing thread, then closes the connection. The thread is woken, not interrupted:
   * an interrupt in the middle of a send over the embedded broker's VM transport makes the failover
   * transport stop and reconnect while the broker stops the connection, and the two deadlock (a
   * test's shutdown hung in {@code ActiveMQConnection.close}, twice). Its waits between attempts
   * end at once, and a send or a connection attempt gives up by itself after the failover
   * transport's {@code timeout} (3 s unless the broker URL sets its own); only a thread still there
   * after {@link #STOP_MILLIS} (held up by a broker URL without a timeout) is interrupted.
   */
  @Override
  public void close() {
    running = false;
    Thread t;
    synchronized (this) {
      t = thread;
      thread = null;
    }
    stopping.countDown();
    if (t != null) {
      ready.offer(wake);
      try {
        t.join(STOP_MILLIS);
        if (t.isAlive()) {
          t.interrupt();
          t.join(STOP_MILLIS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    closeConnection();
  }

  private synchronized void closeConnection() {
    connected = false;
    if (connection != null) {
      try {
        connection.close();
      } catch (JMSException e) {
        LOG.debug("closing the publisher connection", e);
      }
      connection = null;
    }
  }
}
