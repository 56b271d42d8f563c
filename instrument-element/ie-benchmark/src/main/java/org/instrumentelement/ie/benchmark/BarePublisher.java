package org.instrumentelement.ie.benchmark;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.instrumentelement.ie.contract.BodyType;
import org.instrumentelement.ie.contract.MessageProperty;
import org.instrumentelement.ie.contract.ValueCodec;

/**
 * The baseline of the subscription figures: a bare ActiveMQ publisher, no IE code, sending the
 * message the IE sends for {@code lab/array2500}'s vector to a topic on the IE's broker: a
 * BytesMessage of the same size with the same properties ({@link MessageProperty}, the published
 * message format), numbered in {@code ieSequence} and stamped with its send time in {@code
 * ieAcquired} ({@link #SENT}). Subscribers then do the same work for a bare message as for one of
 * the IE's, and the bare run is accounted for in the same way.
 */
final class BarePublisher implements AutoCloseable {
  /** The JMS property holding the send time (microseconds since the epoch). */
  static final String SENT = MessageProperty.ACQUIRED.key();

  private final AtomicBoolean running = new AtomicBoolean(true);
  private final Thread thread;
  private final Connection connection;

  /**
   * @param rate messages per second, or 0 for as fast as the broker takes them
   */
  BarePublisher(String url, String topic, int size, int rate) throws Exception {
    ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory(url);
    cf.setUseAsyncSend(true);
    cf.setCopyMessageOnSend(false);
    cf.setWatchTopicAdvisories(false);
    connection = cf.createConnection();
    connection.start();
    Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
    MessageProducer p = s.createProducer(s.createTopic(topic));
    p.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
    p.setDisableMessageID(true);
    byte[] body = new byte[size];
    thread = new Thread(() -> publish(s, p, body, rate), "bare-publisher");
    thread.start();
  }

  /** The properties the IE's publisher gives a sample of a vector, in its order. */
  static void stamp(Message m, long sequence, long epoch, int doubles) throws JMSException {
    Instant now = Instant.now();
    long micros = now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
    m.setLongProperty(MessageProperty.SEQUENCE.key(), sequence);
    m.setLongProperty(MessageProperty.EPOCH.key(), epoch);
    m.setLongProperty(MessageProperty.ACQUIRED.key(), micros);
    m.setStringProperty(MessageProperty.TYPE.key(), BodyType.DOUBLE_ARRAY.name());
    m.setIntProperty(MessageProperty.LENGTH.key(), doubles);
    m.setStringProperty(MessageProperty.UNITS.key(), "");
    m.setStringProperty(MessageProperty.QUALITY.key(), "GOOD");
    m.setBooleanProperty(MessageProperty.HEARTBEAT.key(), false);
    m.setStringProperty(MessageProperty.IM.key(), SamplingControl.IM);
    m.setStringProperty(MessageProperty.ATTRIBUTE.key(), SamplingControl.ATTRIBUTE);
    m.setStringProperty(MessageProperty.BYTE_ORDER.key(), ValueCodec.BYTE_ORDER);
    m.setLongProperty(MessageProperty.PROVENANCE.key(), 1);
    m.setLongProperty(MessageProperty.PUBLISHED.key(), micros);
  }

  private void publish(Session s, MessageProducer p, byte[] body, int rate) {
    long sequence = 0;
    long epoch = System.currentTimeMillis();
    try {
      long period = rate > 0 ? 1_000_000_000L / rate : 0;
      long next = System.nanoTime();
      while (running.get()) {
        if (period > 0) {
          next += period;
          LockSupport.parkNanos(next - System.nanoTime());
        }
        BytesMessage m = s.createBytesMessage();
        m.writeBytes(body);
        stamp(m, ++sequence, epoch, body.length / Double.BYTES);
        p.send(m);
      }
    } catch (Exception e) {
      if (running.get()) {
        Progress.log("bare publisher stopped: " + e);
      }
    }
  }

  @Override
  public void close() throws Exception {
    running.set(false);
    thread.join(10_000);
    connection.close();
  }
}
