package org.instrumentelement.ie.client.subscription;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.nio.charset.StandardCharsets;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.BrokerService;
import org.instrumentelement.ie.contract.BodyType;
import org.instrumentelement.ie.contract.MessageProperty;

/**
 * An ActiveMQ broker in the test JVM on a free port, which a test stops and starts again on that
 * port to cut a subscriber's connection, and a publisher of Instrument Element messages to it.
 */
final class EmbeddedBroker implements AutoCloseable {
  private BrokerService broker;
  private int port;
  private boolean running;

  /** Starts a broker on a free port. */
  static EmbeddedBroker start() throws Exception {
    EmbeddedBroker b = new EmbeddedBroker();
    b.startAgain();
    return b;
  }

  /** The broker's OpenWire address. */
  String url() {
    return "tcp://127.0.0.1:" + port;
  }

  /** Stops the broker: its clients' connections are lost. */
  void stop() throws Exception {
    if (running) {
      running = false;
      broker.stop();
      broker.waitUntilStopped();
    }
  }

  /** Starts the broker again on the port it had (a free one the first time). */
  void startAgain() throws Exception {
    BrokerService b = new BrokerService();
    b.setBrokerName("embedded");
    b.setPersistent(false);
    b.setUseJmx(false);
    b.setUseShutdownHook(false);
    b.addConnector("tcp://127.0.0.1:" + port);
    b.start();
    b.waitUntilStarted();
    port = b.getTransportConnectors().get(0).getConnectUri().getPort();
    broker = b;
    running = true;
  }

  /** Publishes a text value with this sequence number and epoch, as an Instrument Element does. */
  void publish(String topic, long sequence, long epoch) throws JMSException {
    Connection c = new ActiveMQConnectionFactory(url()).createConnection();
    try {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      MessageProducer p = s.createProducer(s.createTopic(topic));
      byte[] body = ("value " + sequence).getBytes(StandardCharsets.UTF_8);
      BytesMessage m = s.createBytesMessage();
      m.writeBytes(body);
      m.setStringProperty(MessageProperty.IM.key(), "lab/stand-in");
      m.setStringProperty(MessageProperty.ATTRIBUTE.key(), "text");
      m.setLongProperty(MessageProperty.SEQUENCE.key(), sequence);
      m.setLongProperty(MessageProperty.EPOCH.key(), epoch);
      m.setLongProperty(MessageProperty.ACQUIRED.key(), 1_000_000L);
      m.setLongProperty(MessageProperty.PUBLISHED.key(), 1_000_000L);
      m.setStringProperty(MessageProperty.TYPE.key(), BodyType.STRING.name());
      m.setIntProperty(MessageProperty.LENGTH.key(), body.length);
      m.setStringProperty(MessageProperty.UNITS.key(), "");
      m.setStringProperty(MessageProperty.QUALITY.key(), "GOOD");
      m.setBooleanProperty(MessageProperty.HEARTBEAT.key(), false);
      p.send(m);
    } finally {
      c.close();
    }
  }

  @Override
  public void close() throws Exception {
    stop();
  }
}
