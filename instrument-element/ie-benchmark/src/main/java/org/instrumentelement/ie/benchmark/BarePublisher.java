package org.instrumentelement.ie.benchmark;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.apache.activemq.ActiveMQConnectionFactory;

/**
 * The baseline of the subscription figures: a bare ActiveMQ publisher, no IE code, sending
 * fixed-size BytesMessages to a topic on the IE's broker, each stamped with its send time in the
 * {@value #SENT} property.
 */
final class BarePublisher implements AutoCloseable {
  /** The JMS property holding the send time (microseconds since the epoch). */
  static final String SENT = "benchSent";

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

  private void publish(Session s, MessageProducer p, byte[] body, int rate) {
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
        Instant now = Instant.now();
        m.setLongProperty(SENT, now.getEpochSecond() * 1_000_000L + now.getNano() / 1000);
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
