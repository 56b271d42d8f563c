package org.instrumentelement.jmeter.jms;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.io.IOException;
import java.security.SecureRandom;
import java.time.Instant;
import javax.net.ssl.SSLHandshakeException;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.ActiveMQMessageConsumer;
import org.apache.activemq.ActiveMQPrefetchPolicy;
import org.apache.activemq.ActiveMQSslConnectionFactory;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.AbstractJavaSamplerClient;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.instrumentelement.ie.contract.BodyType;
import org.instrumentelement.ie.contract.EpochMicros;
import org.instrumentelement.ie.contract.MessageProperty;
import org.instrumentelement.ie.contract.ValueCodec;
import org.instrumentelement.jmeter.soap.IeSoapClient;
import org.instrumentelement.jmeter.soap.SubscriptionInfo;

/**
 * One JMS subscriber per JMeter thread: its own broker connection, one consumer on the attribute's
 * topic. Every {@code runTest} waits for the next message and reports it as one sample:
 *
 * <ul>
 *   <li>bytes received and sent: counted on this connection's socket since the previous message
 *       (OpenWire frames: body, properties, headers, acknowledgements, keep-alives); the first
 *       sample also counts the subscription itself;
 *   <li>elapsed time and latency: from {@code iePublished} (when the IE sent it) to its arrival
 *       here, so the same clock must serve both ends (true when the IE runs on this machine);
 *   <li>a failed sample with code {@code SEQUENCE_GAP} when {@code ieSequence} skipped values (the
 *       message says how many), {@code NO_MESSAGE} when none came within the receive timeout,
 *       {@code WRONG_LENGTH} when the vector is not {@code expectedLength} long (or a trace of
 *       codes does not hold {@code ieLength} codes), {@code BAD_MESSAGE} when it cannot be read.
 * </ul>
 *
 * <p>A subscriber leaves its topic (closes its connection) after the message that arrives once its
 * JMeter thread's scheduled time is over. JMeter tears a Java sampler down only when the whole test
 * ends, so a thread group of subscribers that stopped sampling would otherwise stay subscribed: the
 * broker goes on pushing messages to them up to their prefetch, and over a slow link those take the
 * link from the subscribers measured after them (the plans' warm-up is such a group).
 *
 * <p>{@code prefetch} is the topic prefetch its consumer asks for: the most messages the broker
 * pushes to it ahead of what it has taken. Empty, it asks for the ActiveMQ client's default, for
 * which the IE's embedded broker gives its topics' prefetch ({@code broker.maxPendingMessages},
 * 100). Over a link slower than the topic, the pushed messages wait in line ahead of every new
 * value; with a smaller prefetch the broker pushes fewer and holds the rest for this subscriber,
 * dropping the oldest beyond its pending-message limits (docs/jmeter.md).
 *
 * <p>{@code acknowledge} says how it acknowledges what it takes. {@code batches} (the default): as
 * the IE's own client library does and as docs/clients.md tells other OpenWire clients to,
 * ActiveMQ's {@code optimizeAcknowledge}, one acknowledgement for all messages taken since the last
 * one, sent once 65 % of the prefetch have been taken or at the latest {@link #ackIntervalMillis}
 * after the last; on leaving its topic it acknowledges what it has taken since. {@code each}: one
 * acknowledgement per message, as a plain JMS client in {@code AUTO_ACKNOWLEDGE} sends it. Every
 * acknowledgement the broker reads costs it a thread's wake-up, so {@code each} costs the broker
 * more per delivery than the IE's clients do.
 *
 * <p>Over TLS (an {@code ssl://} broker, an {@code https://} endpoint) it trusts the certificates
 * of {@code trustStore} (PKCS#12; empty: the JVM's default trust) and, with {@code keyStore},
 * presents that key (mutual TLS: the IE maps the certificate to a user, and no password is needed).
 * The bytes reported are then those of the TLS records.
 *
 * <p>A message of doubles is not decoded, just as the HTTP sampler does not parse the SOAP answers:
 * its body is the doubles already. A trace of codes (on an attribute's codes topic, {@code
 * <topic>.codes}: {@code ieType} INT8_CODES or INT16_CODES) is decoded into doubles, {@code code *
 * ieScale + ieOffset} each, by the contract's {@link ValueCodec#decodeCodes} as every client of the
 * IE does, so a sample of the codes mode includes the work a client does to get the doubles ({@link
 * #values}).
 */
public class JmsSubscriberSampler extends AbstractJavaSamplerClient {
  /** Response codes of the samples. */
  public static final String OK = "200";

  public static final String SEQUENCE_GAP = "SEQUENCE_GAP";
  public static final String NO_MESSAGE = "NO_MESSAGE";
  public static final String WRONG_LENGTH = "WRONG_LENGTH";
  public static final String BAD_MESSAGE = "BAD_MESSAGE";

  /** Values of the {@code acknowledge} parameter. */
  public static final String ACK_BATCHES = "batches";

  public static final String ACK_EACH = "each";

  /**
   * The IE's embedded broker's default {@code broker.maxPrefetch}: it lowers a topic prefetch asked
   * above it (and gives the topic's prefetch to a client that asks for its default).
   */
  private static final int EMBEDDED_MAX_PREFETCH = 1_000;

  private Connection connection;
  private MessageConsumer consumer;
  private ByteCounts transport;
  private long receiveTimeoutMillis;
  private int expectedLength;
  private long lastIn;
  private long lastOut;
  private long lastEpoch;
  private long lastSequence;
  private String setupError;
  private double[] values;
  private boolean batchedAcks;

  @Override
  public Arguments getDefaultParameters() {
    Arguments a = new Arguments();
    a.addArgument("ieUrl", "http://localhost:8080/ie/services/InstrumentElement");
    a.addArgument("im", "lab/array2500");
    a.addArgument("attribute", "vector");
    a.addArgument("user", "");
    a.addArgument("password", "");
    a.addArgument("brokerUrl", "");
    a.addArgument("topic", "");
    a.addArgument("receiveTimeoutMillis", "5000");
    a.addArgument("expectedLength", "0");
    a.addArgument("prefetch", "");
    a.addArgument("acknowledge", ACK_BATCHES);
    a.addArgument("trustStore", "");
    a.addArgument("trustStorePassword", "");
    a.addArgument("keyStore", "");
    a.addArgument("keyStorePassword", "");
    return a;
  }

  @Override
  public void setupTest(JavaSamplerContext context) {
    receiveTimeoutMillis = context.getLongParameter("receiveTimeoutMillis", 5000);
    expectedLength = context.getIntParameter("expectedLength", 0);
    String broker = context.getParameter("brokerUrl", "").trim();
    String topic = context.getParameter("topic", "").trim();
    Integer prefetch;
    try {
      prefetch = prefetch(context.getParameter("prefetch", ""));
      batchedAcks = batchedAcks(context.getParameter("acknowledge", ACK_BATCHES));
    } catch (IllegalArgumentException e) {
      setupError = "cannot subscribe: " + e.getMessage();
      getNewLogger().error(setupError);
      return;
    }
    try {
      TlsFiles tls =
          TlsFiles.of(
              context.getParameter("trustStore", ""),
              context.getParameter("trustStorePassword", ""),
              context.getParameter("keyStore", ""),
              context.getParameter("keyStorePassword", ""));
      if (broker.isEmpty() || topic.isEmpty()) {
        SubscriptionInfo info =
            new IeSoapClient(
                    context.getParameter("ieUrl"),
                    context.getParameter("user", ""),
                    context.getParameter("password", ""),
                    tls.configured() ? tls.context() : null)
                .subscriptionInfo(context.getParameter("im"), context.getParameter("attribute"));
        broker = broker.isEmpty() ? info.brokerUrl() : broker;
        topic = topic.isEmpty() ? info.topic() : topic;
      }
      CountingTcpTransportFactory.register();
      String url = CountingTcpTransportFactory.counting(broker);
      ActiveMQConnectionFactory cf;
      if (tls.configured()) {
        ActiveMQSslConnectionFactory secure = new ActiveMQSslConnectionFactory(url);
        secure.setKeyAndTrustManagers(tls.keyManagers(), tls.trustManagers(), new SecureRandom());
        cf = secure;
      } else {
        cf = new ActiveMQConnectionFactory(url);
      }
      cf.setWatchTopicAdvisories(false);
      if (prefetch != null) {
        cf.getPrefetchPolicy().setTopicPrefetch(prefetch);
      }
      if (batchedAcks) {
        // Acknowledge in batches, as the IE's own clients do (docs/clients.md): at 65 % of the
        // prefetch, or at the latest ackIntervalMillis after the last acknowledgement.
        long interval = ackIntervalMillis(prefetch);
        cf.setOptimizeAcknowledge(true);
        cf.setOptimizedAckScheduledAckInterval(interval);
        cf.setOptimizeAcknowledgeTimeOut(interval);
      }
      String user = context.getParameter("user", "");
      if (!user.isEmpty()) {
        // The same account as for SOAP: the IE's broker lets it read what it may observe.
        cf.setUserName(user);
        cf.setPassword(context.getParameter("password", ""));
      }
      ActiveMQConnection c = (ActiveMQConnection) cf.createConnection();
      connection = c;
      transport = c.getTransport().narrow(ByteCounts.class);
      // Counted from before the consumer exists: the broker dispatches to it before start(), and
      // a message read then is still a message this subscriber receives.
      lastIn = transport.bytesIn();
      lastOut = transport.bytesOut();
      Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      consumer = session.createConsumer(session.createTopic(topic));
      c.start();
    } catch (IOException | JMSException | RuntimeException e) {
      setupError = "cannot subscribe: " + (tlsFailure(e) ? TLS_ADVICE : e.toString());
      getNewLogger().error(setupError, e);
    }
  }

  /** The prefetch asked for, or null (empty) for the client's default. */
  static Integer prefetch(String text) {
    String t = text.trim();
    if (t.isEmpty()) {
      return null;
    }
    try {
      int n = Integer.parseInt(t);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException(
        "prefetch is a whole number of messages, 1 or more (empty: the client's default), not "
            + t);
  }

  /**
   * Whether {@code acknowledge} asks for batches ({@code batches}, empty) or not ({@code each}).
   */
  static boolean batchedAcks(String text) {
    String t = text.trim();
    if (t.isEmpty() || t.equals(ACK_BATCHES)) {
      return true;
    }
    if (t.equals(ACK_EACH)) {
      return false;
    }
    throw new IllegalArgumentException(
        "acknowledge is "
            + ACK_BATCHES
            + " (in batches, as the IE's clients) or "
            + ACK_EACH
            + " (one acknowledgement per message), not "
            + t);
  }

  /**
   * The longest a taken message waits for its acknowledgement when fewer than 65 % of the prefetch
   * have been taken since the last one, for a prefetch asked (null: the client's default, 32,767):
   * the rule of the IE's client library (ie-client's {@code AttributeSubscriber}, which this module
   * must not depend on; docs/clients.md gives the same to other OpenWire clients). A second; but a
   * prefetch above the embedded broker's cap is lowered by it (the client's default to the topic's
   * prefetch, {@code broker.maxPendingMessages}), so that 65 % of the prefetch asked may never
   * arrive unacknowledged: every 100 ms then, or the broker would push no more than its window each
   * second.
   */
  static long ackIntervalMillis(Integer prefetch) {
    int asked = prefetch == null ? ActiveMQPrefetchPolicy.DEFAULT_TOPIC_PREFETCH : prefetch;
    return asked > EMBEDDED_MAX_PREFETCH ? 100 : 1_000;
  }

  /** What a subscriber that does not trust the IE's certificate is told. */
  static final String TLS_ADVICE =
      "the TLS handshake with the Instrument Element failed: give the sampler the trust store"
          + " that holds its certificate (trustStore, trustStorePassword)";

  private static boolean tlsFailure(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SSLHandshakeException) {
        return true;
      }
    }
    return false;
  }

  @Override
  public SampleResult runTest(JavaSamplerContext context) {
    SampleResult r = take();
    long end = scheduledEnd();
    if (connection != null && end > 0 && System.currentTimeMillis() >= end) {
      // JMeter stops this thread before its next sample (it checks the same end time); it calls
      // teardownTest only when the whole test ends.
      teardownTest(context);
      setupError = "the subscriber left its topic when its thread's scheduled time was over";
    }
    return r;
  }

  /** Waits for the next message and describes it. */
  private SampleResult take() {
    SampleResult r = new SampleResult();
    r.setDataType(SampleResult.TEXT);
    if (setupError != null) {
      r.sampleStart();
      r.sampleEnd();
      r.setSuccessful(false);
      r.setResponseCode("NO_SUBSCRIPTION");
      r.setResponseMessage(setupError);
      return r;
    }
    long waitStart = System.currentTimeMillis();
    Message m;
    try {
      m = consumer.receive(receiveTimeoutMillis);
    } catch (JMSException e) {
      m = null;
      r.setResponseMessage("receive failed: " + e);
    }
    Instant arrived = Instant.now();
    if (m == null) {
      r.setStampAndTime(waitStart, arrived.toEpochMilli() - waitStart);
      r.setSuccessful(false);
      r.setResponseCode(NO_MESSAGE);
      if (r.getResponseMessage().isEmpty()) {
        r.setResponseMessage("no message within " + receiveTimeoutMillis + " ms");
      }
      return r;
    }
    long in = transport.bytesIn();
    long out = transport.bytesOut();
    r.setBytes(in - lastIn);
    r.setSentBytes(out - lastOut);
    lastIn = in;
    lastOut = out;
    try {
      describe(r, m, arrived);
    } catch (JMSException e) {
      r.setStampAndTime(arrived.toEpochMilli(), 0);
      r.setSuccessful(false);
      r.setResponseCode(BAD_MESSAGE);
      r.setResponseMessage(e.toString());
    }
    return r;
  }

  /**
   * When this JMeter thread's scheduler ends it (milliseconds since the epoch), or 0 if it runs
   * unscheduled or outside a JMeter thread.
   */
  private static long scheduledEnd() {
    JMeterThread thread = JMeterContextService.getContext().getThread();
    return thread == null ? 0 : thread.getEndTime();
  }

  private void describe(SampleResult r, Message m, Instant arrived) throws JMSException {
    values = null;
    long publishedMicros = m.getLongProperty(MessageProperty.PUBLISHED.key());
    long arrivedMicros = EpochMicros.of(arrived);
    long latencyMillis = Math.max(0, Math.round((arrivedMicros - publishedMicros) / 1000.0));
    r.setStampAndTime(arrived.toEpochMilli() - latencyMillis, latencyMillis);
    r.setLatency(latencyMillis);
    long epoch = m.getLongProperty(MessageProperty.EPOCH.key());
    long sequence = m.getLongProperty(MessageProperty.SEQUENCE.key());
    r.setSuccessful(true);
    r.setResponseCode(OK);
    r.setResponseMessage("sequence " + sequence);
    if (epoch == lastEpoch && sequence > lastSequence + 1) {
      long missed = sequence - lastSequence - 1;
      r.setSuccessful(false);
      r.setResponseCode(SEQUENCE_GAP);
      r.setResponseMessage("missed " + missed + " before sequence " + sequence);
    }
    if (epoch != lastEpoch || sequence > lastSequence) {
      lastEpoch = epoch;
      lastSequence = sequence;
    }
    int length = m.getIntProperty(MessageProperty.LENGTH.key());
    values = decodeCodes(m);
    if (values != null && values.length != length) {
      r.setSuccessful(false);
      r.setResponseCode(WRONG_LENGTH);
      r.setResponseMessage(
          values.length + " codes, not " + MessageProperty.LENGTH.key() + " " + length);
    } else if (expectedLength > 0 && length != expectedLength) {
      r.setSuccessful(false);
      r.setResponseCode(WRONG_LENGTH);
      r.setResponseMessage(MessageProperty.LENGTH.key() + " " + length + ", not " + expectedLength);
    }
  }

  /**
   * The doubles of the last message taken, if it was a trace of codes ({@code code * ieScale +
   * ieOffset}, bit-identical to the IE's own doubles of the trace); null after a message of
   * doubles, which is not decoded.
   */
  public double[] values() {
    return values;
  }

  /** The doubles of a trace of codes, or null for any other message. */
  private static double[] decodeCodes(Message m) throws JMSException {
    BodyType type = BodyType.named(m.getStringProperty(MessageProperty.TYPE.key()));
    if ((type != BodyType.INT8_CODES && type != BodyType.INT16_CODES)
        || !(m instanceof BytesMessage b)) {
      return null;
    }
    byte[] body = new byte[(int) b.getBodyLength()];
    b.readBytes(body);
    Integer nan =
        m.propertyExists(MessageProperty.NAN_CODE.key())
            ? m.getIntProperty(MessageProperty.NAN_CODE.key())
            : null;
    try {
      return ValueCodec.decodeCodes(
          type,
          body,
          m.getDoubleProperty(MessageProperty.SCALE.key()),
          m.getDoubleProperty(MessageProperty.OFFSET.key()),
          nan);
    } catch (IllegalArgumentException e) {
      throw new JMSException("unreadable " + type + " body: " + e.getMessage());
    }
  }

  @Override
  public void teardownTest(JavaSamplerContext context) {
    if (connection != null) {
      try {
        if (batchedAcks && consumer instanceof ActiveMQMessageConsumer c) {
          // No more timed acknowledgements: closing acknowledges what was taken since the last,
          // and a timed one running meanwhile may start a sending thread (not a daemon) anew
          // after the close has stopped it, which would keep JMeter's JVM from exiting.
          c.setOptimizedAckScheduledAckInterval(0);
        }
        connection.close();
      } catch (JMSException e) {
        getNewLogger().warn("closing the subscriber: {}", e.toString());
      }
      connection = null;
    }
  }
}
