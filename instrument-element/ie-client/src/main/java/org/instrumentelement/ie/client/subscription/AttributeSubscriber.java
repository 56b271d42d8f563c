package org.instrumentelement.ie.client.subscription;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.xml.ws.WebServiceException;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.ActiveMQSslConnectionFactory;
import org.apache.activemq.transport.TransportListener;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.ie.client.tls.BrokerTlsCheck;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.ie.contract.EpochMicros;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.contract.MessageProperty;
import org.instrumentelement.ie.contract.TopicNames;

/**
 * Subscribes to attributes of Instrument Elements over one broker connection that reconnects by
 * itself (ActiveMQ failover). Each subscription has its own JMS session, so a slow listener delays
 * only its own values. Sequence numbers are checked: missed values are reported as gaps, and a
 * value delivered twice (the broker's last image after a reconnect) is passed on once.
 *
 * <p>Threads (why no listener is called under a lock a caller can contend): values, gaps and
 * restarts are decided under the subscription's lock and told after it is released, on its JMS
 * delivery thread. The connection's notices and resync outcomes are told on the subscriber's one
 * notice thread, in the order they happen, not on ActiveMQ's transport thread: that thread tells a
 * lost or restored connection holding the transport's lock, which every send (subscribing, closing)
 * takes. There each notice holds only its subscription's {@code telling} lock, which {@link
 * Subscription#close} takes once, after setting {@code closed}, to wait for a notice in progress:
 * so nothing begins after close() returned. A resync outcome checks the round when it is told; a
 * lost connection changes the round before its notice is queued, so no outcome follows that notice.
 *
 * <pre>{@code
 * try (AttributeSubscriber s = AttributeSubscriber.connect(info.getBrokerUrl())) {
 *   s.subscribe(iePort, "lab/scope", "waveform", value -> plot(value.doubles()));
 *   ...
 * }
 * }</pre>
 */
public final class AttributeSubscriber implements AutoCloseable {

  /**
   * @param prefetch messages the broker may push ahead to each subscription; a stalled listener
   *     holds at most this many, and the broker drops the oldest beyond its own limit. The IE's
   *     embedded broker lowers a prefetch above its {@code broker.maxPrefetch} (1,000) to that, and
   *     this client, which acknowledges at 65 % of its own prefetch, then acknowledges every 100 ms
   *     instead (every second for a prefetch of at most 1,000)
   * @param maxReconnectDelay longest wait between two reconnection attempts
   * @param username the broker account (the same user as for the SOAP API), or null (also for a
   *     client that logs in with its certificate)
   * @param tls what to trust of a broker reached over TLS ({@code ssl://}), and the client's own
   *     certificate for mutual TLS
   * @param resyncTimeout how long the current value is read again after a reconnect while the
   *     Instrument Element is unreachable or busy (its broker may be back before its SOAP service),
   *     waiting up to {@code maxReconnectDelay} between two reads; after that the subscription's
   *     listener hears {@link SubscriptionListener#onResynchronisationFailed}
   * @param maxPending messages the broker may hold for each subscription beyond those pushed to it
   *     (the prefetch) while its listener is behind, or 0 for the broker's own limit (the topic's
   *     last {@code broker.pendingTime}); see {@link #withMaxPending}
   */
  public record Options(
      int prefetch,
      Duration maxReconnectDelay,
      String username,
      String password,
      ClientTls tls,
      Duration resyncTimeout,
      int maxPending) {
    public static final Options DEFAULTS =
        new Options(500, Duration.ofSeconds(2), null, null, ClientTls.DEFAULTS);

    public Options {
      if (maxPending < 0) {
        throw new IllegalArgumentException("maxPending must be 0 or more: " + maxPending);
      }
    }

    /** Options with the broker's own limit of held messages ({@code maxPending} 0). */
    public Options(
        int prefetch,
        Duration maxReconnectDelay,
        String username,
        String password,
        ClientTls tls,
        Duration resyncTimeout) {
      this(prefetch, maxReconnectDelay, username, password, tls, resyncTimeout, 0);
    }

    /** Options with the default {@code resyncTimeout} (30 s). */
    public Options(
        int prefetch, Duration maxReconnectDelay, String username, String password, ClientTls tls) {
      this(prefetch, maxReconnectDelay, username, password, tls, Duration.ofSeconds(30));
    }

    public Options withCredentials(String user, String pass) {
      return new Options(prefetch, maxReconnectDelay, user, pass, tls, resyncTimeout, maxPending);
    }

    public Options withPrefetch(int n) {
      return new Options(n, maxReconnectDelay, username, password, tls, resyncTimeout, maxPending);
    }

    /**
     * The same, asking the broker to hold at most {@code n} messages for each subscription beyond
     * those pushed to it (the prefetch) while its listener is behind; 0, the default, leaves the
     * broker's own limit (the topic's last {@code broker.pendingTime}, 5 s). For a subscriber over
     * a slow link that wants each value as fresh as the link allows rather than every value: with
     * {@code withPrefetch(1).withMaxPending(1)} a listener that falls behind or stalls gets the
     * newest value when it moves again, not those of the seconds it missed. The older ones are
     * dropped by the broker (the IE counts them as {@code discarded}) and reported as gaps ({@link
     * SubscriptionListener#onGap}, {@link Subscription#missed}). Asked with the destination option
     * {@code consumer.maximumPendingMessageLimit} on every topic subscribed (codes topics too); it
     * can only lower what the broker holds: an {@code n} above the topic's limit gets the topic's.
     */
    public Options withMaxPending(int n) {
      return new Options(prefetch, maxReconnectDelay, username, password, tls, resyncTimeout, n);
    }

    /** The same, reading the current value again after a reconnect for this long at most. */
    public Options withResyncTimeout(Duration timeout) {
      return new Options(prefetch, maxReconnectDelay, username, password, tls, timeout, maxPending);
    }

    /**
     * The same, trusting the certificates of a PKCS#12 trust store (the Instrument Element's
     * certificate or its authority) for {@code ssl://} brokers.
     */
    public Options withTrustStore(Path file, String pass) {
      return new Options(
          prefetch,
          maxReconnectDelay,
          username,
          password,
          tls.withTrustStore(file, pass),
          resyncTimeout,
          maxPending);
    }

    /** The same, with other TLS settings. */
    public Options withTls(ClientTls settings) {
      return new Options(
          prefetch, maxReconnectDelay, username, password, settings, resyncTimeout, maxPending);
    }

    /**
     * The same, presenting the key and certificate of a PKCS#12 key store to {@code ssl://}
     * brokers: a user the Instrument Element maps to that certificate logs in without a password.
     */
    public Options withKeyStore(Path file, String pass) {
      return new Options(
          prefetch,
          maxReconnectDelay,
          username,
          password,
          tls.withKeyStore(file, pass),
          resyncTimeout,
          maxPending);
    }
  }

  /** Connects with the given credentials and default options. */
  public static AttributeSubscriber connect(String brokerUrl, String username, String password)
      throws JMSException {
    return connect(brokerUrl, Options.DEFAULTS.withCredentials(username, password));
  }

  /** The first wait before the current value is read again after a reconnect; it doubles. */
  private static final long FIRST_RESYNC_RETRY_MILLIS = 100;

  /** The embedded broker's default {@code broker.maxPrefetch}. */
  private static final int EMBEDDED_MAX_PREFETCH = 1_000;

  /**
   * The longest a delivered message waits for its acknowledgement when fewer than 65 % of the
   * prefetch have arrived since the last one: a second. Every acknowledgement wakes a thread of the
   * broker to read it: at 100 messages a second, acknowledging every 100 ms cost the broker about 3
   * µs per delivered message, and every second (then one acknowledgement per 65 messages) about 1
   * µs. The broker holds a message until each subscriber has acknowledged it, so this is also about
   * how long a low-rate topic's last messages stay in its memory. A prefetch above the embedded
   * broker's cap is lowered by it, and 65 % of the prefetch asked may then never arrive
   * unacknowledged: every 100 ms then, so that the broker's window of 1,000 does not hold up more
   * than 10,000 messages a second.
   */
  static int ackIntervalMillis(int prefetch) {
    return prefetch > EMBEDDED_MAX_PREFETCH ? 100 : 1_000;
  }

  private final ActiveMQConnection connection;
  private final Options options;
  private final List<Subscription> subscriptions = new CopyOnWriteArrayList<>();

  /**
   * Counts the connection's interruptions and resumptions: a resynchronisation still retrying when
   * the connection is lost or comes back again gives way to the next one.
   */
  private final AtomicLong connectionChanges = new AtomicLong();

  private final ExecutorService resync = Executors.newSingleThreadExecutor(daemon("resync"));

  /**
   * Tells the connection's notices and the outcomes of resynchronisations, one at a time in the
   * order they happen, away from ActiveMQ's transport thread and the resync thread.
   */
  private final ExecutorService notices = Executors.newSingleThreadExecutor(daemon("notices"));

  private static ThreadFactory daemon(String name) {
    return r -> {
      Thread t = new Thread(r, "ie-subscriber-" + name);
      t.setDaemon(true);
      return t;
    };
  }

  private AttributeSubscriber(ActiveMQConnection connection, Options options) {
    this.connection = connection;
    this.options = options;
  }

  /** Connects with default options. */
  public static AttributeSubscriber connect(String brokerUrl) throws JMSException {
    return connect(brokerUrl, Options.DEFAULTS);
  }

  /**
   * Connects to a broker (a plain URL is wrapped in {@code failover:(...)}). For a broker over TLS
   * ({@code ssl://}) the handshake is tried first, so that a certificate this client does not trust
   * is an error at once (rather than a reconnection loop).
   *
   * @throws JMSSecurityException when the login is refused, or TLS with the broker fails; the
   *     message says why
   * @throws IllegalArgumentException when a trust or key store cannot be read
   */
  public static AttributeSubscriber connect(String brokerUrl, Options options) throws JMSException {
    BrokerTlsCheck.check(brokerUrl, options.tls());
    String url =
        brokerUrl.startsWith("failover:")
            ? brokerUrl
            : "failover:("
                + brokerUrl
                + ")?initialReconnectDelay=50&maxReconnectDelay="
                + options.maxReconnectDelay().toMillis();
    ActiveMQConnectionFactory cf;
    if (options.tls().configured()) {
      ActiveMQSslConnectionFactory tls = new ActiveMQSslConnectionFactory(url);
      tls.setKeyAndTrustManagers(
          options.tls().keyManagers(), options.tls().trustManagers(), new SecureRandom());
      cf = tls;
    } else {
      cf = new ActiveMQConnectionFactory(url);
    }
    cf.setWatchTopicAdvisories(false);
    cf.getPrefetchPolicy().setTopicPrefetch(options.prefetch());
    // Acknowledge in batches, not one message at a time: at 65 % of the prefetch, or at the latest
    // a second after the last acknowledgement.
    cf.setOptimizeAcknowledge(true);
    cf.setOptimizedAckScheduledAckInterval(ackIntervalMillis(options.prefetch()));
    cf.setOptimizeAcknowledgeTimeOut(ackIntervalMillis(options.prefetch()));
    if (options.username() != null) {
      cf.setUserName(options.username());
      cf.setPassword(options.password());
    }
    ActiveMQConnection c = (ActiveMQConnection) cf.createConnection();
    AttributeSubscriber s = new AttributeSubscriber(c, options);
    c.addTransportListener(s.new Reconnection());
    c.start();
    return s;
  }

  /** Subscribes to a topic by name. */
  public Subscription subscribe(String topic, SubscriptionListener listener) throws JMSException {
    return subscribe(topic, listener, null);
  }

  /**
   * Subscribes to an attribute: asks the Instrument Element for its topic, and after every
   * reconnect reads the current value with getAttribute ({@link
   * SubscriptionListener#onResynchronised}). A read the Instrument Element cannot answer now (it is
   * unreachable, busy, restarting, or answers with a fault that says so) is tried again for up to
   * {@link Options#resyncTimeout}; one that still fails, is refused for good, or answers without a
   * value, is reported with {@link SubscriptionListener#onResynchronisationFailed}. A subscription
   * closed, or a connection lost again, before the outcome is known is told nothing of that read
   * (see {@link SubscriptionListener#onResynchronised}).
   */
  public Subscription subscribe(
      InstrumentElementPort ie, String im, String attribute, SubscriptionListener listener)
      throws JMSException, InstrumentElementFault {
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm(im);
    q.setAttribute(attribute);
    SubscriptionInfo info = ie.getSubscriptionInfo(q).getSubscription();
    return subscribe(info.getTopic(), listener, current(ie, im, attribute, VectorEncoding.BINARY));
  }

  /**
   * Subscribes to an attribute's codes when it is a trace kept as the instrument's codes: its codes
   * topic ({@code <topic>.codes}, docs/subscriptions.md, "Traces as the instrument's codes"), whose
   * values carry {@link SampledValue#codes} and {@link SampledValue#scaling} and whose {@link
   * SampledValue#doubles} are the attribute's doubles to the bit; after every reconnect the current
   * value is read with encoding CODES. Any other attribute is subscribed as by {@link
   * #subscribe(InstrumentElementPort, String, String, SubscriptionListener)}.
   *
   * <p>Whether the attribute is one says a CODES poll that takes a value read at most {@code
   * maxAgeMillis} ago (by the attribute's sampler, mostly, so the instrument is seldom read for
   * it); a poll that fails (the attribute not readable in the IM's state, the IE busy) leaves the
   * doubles.
   */
  public Subscription subscribeCodes(
      InstrumentElementPort ie,
      String im,
      String attribute,
      long maxAgeMillis,
      SubscriptionListener listener)
      throws JMSException, InstrumentElementFault {
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm(im);
    q.setAttribute(attribute);
    SubscriptionInfo info = ie.getSubscriptionInfo(q).getSubscription();
    GetAttribute probe = new GetAttribute();
    probe.setIm(im);
    probe.setAttribute(attribute);
    probe.setEncoding(VectorEncoding.CODES);
    probe.setMaxAge(maxAgeMillis);
    Value v;
    try {
      v = ie.getAttribute(probe).getValue();
    } catch (InstrumentElementFault | WebServiceException notNow) {
      v = null; // not readable now, or the IE busy: the doubles are right, only larger
    }
    if (v == null || v.getCodes() == null) {
      return subscribe(
          info.getTopic(), listener, current(ie, im, attribute, VectorEncoding.BINARY));
    }
    return subscribe(
        TopicNames.codes(info.getTopic()),
        listener,
        current(ie, im, attribute, VectorEncoding.CODES));
  }

  /** Reads an attribute's current value after a reconnect. */
  private static CurrentValue current(
      InstrumentElementPort ie, String im, String attribute, VectorEncoding encoding) {
    return () -> {
      GetAttribute g = new GetAttribute();
      g.setIm(im);
      g.setAttribute(attribute);
      g.setEncoding(encoding);
      return ie.getAttribute(g).getValue();
    };
  }

  /** The read of a subscription's current value after a reconnect. */
  @FunctionalInterface
  private interface CurrentValue {
    Value read() throws InstrumentElementFault;
  }

  private Subscription subscribe(String topic, SubscriptionListener listener, CurrentValue current)
      throws JMSException {
    Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
    Subscription s = new Subscription(topic, listener, current, session);
    s.consumer = session.createConsumer(session.createTopic(destination(topic)));
    s.consumer.setMessageListener(s::deliver);
    subscriptions.add(s);
    return s;
  }

  /** The destination of a topic, with the subscriber's own limit of held messages if it has one. */
  String destination(String topic) {
    return options.maxPending() == 0
        ? topic
        : topic + "?consumer.maximumPendingMessageLimit=" + options.maxPending();
  }

  /**
   * Closes the connection and every subscription: once this returns, no listener hears anything
   * more. Notices still queued find their subscription closed and say nothing; a notice being told
   * on another thread is waited for (as a JMS connection's close waits for a message listener), one
   * being told on this thread is not.
   */
  @Override
  public void close() {
    for (Subscription s : subscriptions) {
      s.closed = true;
    }
    resync.shutdownNow();
    notices.shutdown();
    for (Subscription s : subscriptions) {
      s.awaitNotice();
    }
    try {
      connection.close();
    } catch (JMSException e) {
      // closing anyway
    }
  }

  /** One topic's subscription and its sequence bookkeeping. */
  public final class Subscription implements AutoCloseable {
    private final String topic;
    private final SubscriptionListener listener;
    private final CurrentValue current;
    private final Session session;
    private MessageConsumer consumer;
    private long lastSequence;
    private long lastEpoch;
    private long received;
    private long missed;
    private long gaps;
    private long duplicates;
    private long resyncFailures;

    /** Set by {@link #close}; a notice told after sees it and says nothing. */
    private volatile boolean closed;

    /**
     * Held while this subscription's listener is told a notice on the notice thread; {@link #close}
     * takes it to wait for that notice. Not held while values are told (the JMS session's close
     * waits for those), and never taken by the counters.
     */
    private final ReentrantLock telling = new ReentrantLock();

    private Subscription(
        String topic, SubscriptionListener listener, CurrentValue current, Session session) {
      this.topic = topic;
      this.listener = listener;
      this.current = current;
      this.session = session;
    }

    public String topic() {
      return topic;
    }

    /** Values passed to the listener. */
    public synchronized long received() {
      return received;
    }

    /** Values known to be missed (the sum of all gaps). */
    public synchronized long missed() {
      return missed;
    }

    /** Gaps reported. */
    public synchronized long gaps() {
      return gaps;
    }

    /** Values received twice and passed on once. */
    public synchronized long duplicates() {
      return duplicates;
    }

    /**
     * Reads of the current value after a reconnect that failed, each retry counted (a read that
     * succeeds at its third try counts two).
     */
    public synchronized long resyncFailures() {
      return resyncFailures;
    }

    private synchronized void resyncFailed() {
      resyncFailures++;
    }

    /**
     * Tells this subscription's listener the outcome of a resynchronisation of round {@code round},
     * unless the subscription was closed or the connection was lost or came back again since that
     * round began: a newer round reads the value again and tells, and a closed subscription's
     * listener hears nothing more. Checked when the notice thread tells it: a lost connection
     * changes the round before its notice is queued, so an outcome told after that notice (queued
     * before or after it) sees the round has changed.
     */
    private void tellResync(long round, Runnable call) {
      tellLater(() -> connectionChanges.get() == round, call);
    }

    /** Tells the listener on the notice thread, if it is still open and {@code due} holds then. */
    private void tellLater(BooleanSupplier due, Runnable call) {
      try {
        notices.execute(() -> tellNow(due, call));
      } catch (RejectedExecutionException closing) {
        // the subscriber is closing
      }
    }

    private void tellNow(BooleanSupplier due, Runnable call) {
      telling.lock();
      try {
        if (!closed && due.getAsBoolean()) {
          tell(call);
        }
      } finally {
        telling.unlock();
      }
    }

    private void deliver(Message message) {
      SampledValue v;
      try {
        v = decode(topic, (BytesMessage) message);
      } catch (JMSException | ClassCastException e) {
        return; // not an Instrument Element message
      }
      long restartedFrom = 0; // the epoch before a restart
      long gapFrom = 0; // the first sequence number missed
      synchronized (this) {
        if (lastEpoch != 0 && v.epoch() != lastEpoch) {
          restartedFrom = lastEpoch;
          lastSequence = 0;
        }
        if (lastSequence != 0 && v.sequence() <= lastSequence) {
          duplicates++;
          return;
        }
        if (lastSequence != 0 && v.sequence() > lastSequence + 1) {
          gaps++;
          missed += v.sequence() - lastSequence - 1;
          gapFrom = lastSequence + 1;
        }
        lastSequence = v.sequence();
        lastEpoch = v.epoch();
        received++;
      }
      // Told outside the lock, in order, on this subscription's one delivery thread; a listener
      // that closes the subscription in one call hears no more of this value.
      if (restartedFrom != 0) {
        listener.onRestart(topic, restartedFrom, v.epoch());
      }
      if (gapFrom != 0 && !closed) {
        listener.onGap(topic, gapFrom, v.sequence());
      }
      if (!closed) {
        listener.onValue(v);
      }
    }

    /**
     * Ends the subscription: once this returns, its listener hears nothing more. Called on another
     * thread while the listener is being told something, it waits for that call to return (as a JMS
     * session's close waits for a message listener); called from the listener, it does not.
     */
    @Override
    public void close() throws JMSException {
      closed = true;
      subscriptions.remove(this);
      awaitNotice();
      session.close();
    }

    /**
     * Waits for a notice being told to this subscription's listener on the notice thread, unless
     * that is this thread; any later one sees {@code closed}.
     */
    private void awaitNotice() {
      if (!telling.isHeldByCurrentThread()) {
        telling.lock();
        telling.unlock();
      }
    }
  }

  static SampledValue decode(String topic, BytesMessage m) throws JMSException {
    byte[] body = new byte[(int) m.getBodyLength()];
    m.readBytes(body);
    return new SampledValue(
        topic,
        m.getStringProperty(MessageProperty.IM.key()),
        m.getStringProperty(MessageProperty.ATTRIBUTE.key()),
        m.getLongProperty(MessageProperty.SEQUENCE.key()),
        m.getLongProperty(MessageProperty.EPOCH.key()),
        EpochMicros.toInstant(m.getLongProperty(MessageProperty.ACQUIRED.key())),
        EpochMicros.toInstant(m.getLongProperty(MessageProperty.PUBLISHED.key())),
        m.getStringProperty(MessageProperty.TYPE.key()),
        m.getIntProperty(MessageProperty.LENGTH.key()),
        m.getStringProperty(MessageProperty.UNITS.key()),
        m.getStringProperty(MessageProperty.QUALITY.key()),
        m.getBooleanProperty(MessageProperty.HEARTBEAT.key()),
        body,
        m.propertyExists(MessageProperty.PROVENANCE.key())
            ? m.getLongProperty(MessageProperty.PROVENANCE.key())
            : 0,
        m.propertyExists(MessageProperty.SCALE.key())
            ? new CodeScaling(
                m.getDoubleProperty(MessageProperty.SCALE.key()),
                m.getDoubleProperty(MessageProperty.OFFSET.key()),
                code(m, MessageProperty.NAN_CODE),
                code(m, MessageProperty.CLIP_LOW_CODE),
                code(m, MessageProperty.CLIP_HIGH_CODE))
            : null);
  }

  private static Integer code(BytesMessage m, MessageProperty p) throws JMSException {
    return m.propertyExists(p.key()) ? m.getIntProperty(p.key()) : null;
  }

  /** Tells listeners about the connection and resynchronises them when it returns. */
  private final class Reconnection implements TransportListener {
    @Override
    public void onCommand(Object command) {}

    @Override
    public void onException(IOException error) {}

    // Called holding ActiveMQ's transport lock: the listeners are told later, on the notice thread.

    @Override
    public void transportInterupted() {
      // The round changes first: a resync outcome told after this notice sees it and says nothing.
      connectionChanges.incrementAndGet();
      for (Subscription s : subscriptions) {
        s.tellLater(() -> true, () -> s.listener.onConnectionLost());
      }
    }

    @Override
    public void transportResumed() {
      long round = connectionChanges.incrementAndGet();
      List<Subscription> pending = new ArrayList<>();
      for (Subscription s : subscriptions) {
        // Queued before the resync starts, so told before its outcome.
        s.tellLater(() -> true, () -> s.listener.onConnectionRestored());
        if (s.current != null) {
          pending.add(s);
        }
      }
      if (pending.isEmpty()) {
        return;
      }
      try {
        resync.execute(() -> resynchronise(pending, round));
      } catch (RejectedExecutionException closed) {
        // the subscriber is closing
      }
    }
  }

  /**
   * Reads the current value of every pending subscription, on the resync thread. A read that the
   * Instrument Element may answer later (see {@link #retryable}) is tried again, waiting 100 ms,
   * then twice as long each time up to {@code maxReconnectDelay}, for {@code resyncTimeout} at
   * most; every subscription is tried before the next wait, so many subscriptions to an IE that is
   * down take the time of one. Nothing a read throws leaves this method: thrown on the resync
   * thread it would reach no one, and the subscriber would silently go without the value. Each
   * subscription still open is told once, when its outcome is known: the value, or why there is
   * none (an answer without a value, too). Outcomes are told on the notice thread, and only while
   * this is the newest round (see {@link Subscription#tellResync}), so a slow listener holds up no
   * read.
   */
  private void resynchronise(List<Subscription> pending, long round) {
    long deadline = System.nanoTime() + options.resyncTimeout().toNanos();
    long wait = FIRST_RESYNC_RETRY_MILLIS;
    Map<Subscription, Exception> lastFailure = new HashMap<>();
    List<Subscription> left = new ArrayList<>(pending);
    while (true) {
      for (Iterator<Subscription> it = left.iterator(); it.hasNext(); ) {
        if (connectionChanges.get() != round) {
          return; // lost or reconnected again meanwhile: the next round reads the value
        }
        Subscription s = it.next();
        if (!subscriptions.contains(s)) {
          it.remove(); // closed meanwhile
          continue;
        }
        Value v;
        try {
          v = s.current.read();
        } catch (InstrumentElementFault | RuntimeException e) {
          s.resyncFailed();
          if (retryable(e)) {
            lastFailure.put(s, e);
          } else {
            it.remove();
            s.tellResync(round, () -> s.listener.onResynchronisationFailed(s.topic, e));
          }
          continue;
        }
        it.remove();
        if (v == null) {
          s.resyncFailed();
          Exception none =
              new IllegalStateException(
                  "the Instrument Element answered the read of the current value of "
                      + s.topic
                      + " without a value");
          s.tellResync(round, () -> s.listener.onResynchronisationFailed(s.topic, none));
        } else {
          s.tellResync(round, () -> s.listener.onResynchronised(s.topic, v));
        }
      }
      long leftNanos = deadline - System.nanoTime();
      if (left.isEmpty()) {
        return;
      }
      if (leftNanos <= 0) {
        for (Subscription s : left) {
          s.tellResync(
              round, () -> s.listener.onResynchronisationFailed(s.topic, lastFailure.get(s)));
        }
        return;
      }
      try {
        Thread.sleep(Math.min(wait, Math.max(1, leftNanos / 1_000_000)));
      } catch (InterruptedException closing) {
        Thread.currentThread().interrupt();
        return;
      }
      wait = Math.max(Math.min(wait * 2, options.maxReconnectDelay().toMillis()), wait);
    }
  }

  /**
   * Calls a listener on the notice thread. What it throws is passed to the thread's handler of
   * uncaught exceptions (printed, by default), so that the other listeners are still told.
   */
  private static void tell(Runnable call) {
    try {
      call.run();
    } catch (RuntimeException e) {
      Thread t = Thread.currentThread();
      t.getUncaughtExceptionHandler().uncaughtException(t, e);
    }
  }

  /**
   * Whether a failed read may succeed if tried again: no HTTP answer at all (connection refused or
   * reset, a timeout: the IE restarting or unreachable), an IE that says it is busy or failing
   * (408, 429, 5xx), or a fault of the IE's or the instrument's side ({@link FaultCode#serverSide},
   * e.g. INSTRUMENT_TIMEOUT). Refused credentials (401), a refused right or an unknown attribute
   * stay so: they are reported at once.
   */
  private static boolean retryable(Exception e) {
    if (e instanceof InstrumentElementFault f) {
      String code = f.getFaultInfo() == null ? null : f.getFaultInfo().getCode();
      for (FaultCode c : FaultCode.values()) {
        if (c.name().equals(code)) {
          return c.serverSide();
        }
      }
      return false; // a code this client does not know yet
    }
    if (e instanceof WebServiceException) {
      int status = InstrumentElementClient.httpStatus(e);
      return status == 0 || status == 408 || status == 429 || status >= 500;
    }
    return false;
  }
}
