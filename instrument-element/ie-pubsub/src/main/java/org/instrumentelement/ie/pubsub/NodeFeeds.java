package org.instrumentelement.ie.pubsub;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.TrustManager;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.im.sensors.NodeInbox;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings node messages in: for every IM that takes them ({@link NodeInbox}, the sensor networks),
 * one subscription to its nodes' topics ({@code <IM topic prefix>.nodes.*}, MQTT {@code
 * .../nodes/<node>}), whose messages are handed to the IM with the node's name. Each IM has a
 * session, so a slow IM delays only its own nodes. The connection is the publisher's account and
 * reconnects by itself (failover).
 */
public final class NodeFeeds implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(NodeFeeds.class);

  /**
   * Messages the broker may push to one IM ahead of its processing: a second of 10,000 node
   * messages, so that a pause of the IE (a garbage collection) loses none.
   */
  static final int PREFETCH = 10_000;

  /** The longest body read; a longer one reaches the IM as oversized (null). */
  static final int MAX_BODY = 65_536;

  /** One IM's nodes. */
  public record Feed(String nodesTopic, String imPath, NodeInbox inbox) {}

  private final String brokerUrl;
  private final String user;
  private final String password;
  private final TrustManager[] trust;
  private final List<Feed> feeds;
  private final AtomicLong received = new AtomicLong();
  private volatile boolean running;
  private Thread starter;
  private Connection connection;

  /**
   * @param brokerUrl the publisher's broker URL; a plain one is wrapped in failover
   */
  public NodeFeeds(
      String brokerUrl, String user, String password, TrustManager[] trust, List<Feed> feeds) {
    this.brokerUrl = TopicPublisher.failover(brokerUrl);
    this.user = user;
    this.password = password;
    this.trust = trust == null ? null : trust.clone();
    this.feeds = List.copyOf(feeds);
  }

  /** The feeds of the IMs that take node messages, under this element's topic naming. */
  public static List<Feed> of(List<ImNode> nodes, String topicPrefix, String ieName) {
    List<Feed> out = new ArrayList<>();
    for (ImNode n : nodes) {
      if (n.im() instanceof NodeInbox inbox) {
        out.add(
            new Feed(
                TopicNames.topic(topicPrefix, ieName, n.path(), NodeInbox.NODES), n.path(), inbox));
      }
    }
    return out;
  }

  /** Subscribes from a thread of its own, which retries until the broker is there. */
  public synchronized void start() {
    if (feeds.isEmpty()) {
      return;
    }
    running = true;
    starter = new Thread(this::connect, "ie-node-feeds");
    starter.setDaemon(true);
    starter.start();
  }

  private void connect() {
    long delay = 100;
    while (running) {
      Connection c = null;
      try {
        ActiveMQConnectionFactory cf =
            BrokerConnectionFactory.create(brokerUrl, user, password, trust);
        cf.getPrefetchPolicy().setTopicPrefetch(PREFETCH);
        // Acknowledged in batches (at most a second apart), not one broker call per node message.
        cf.setOptimizeAcknowledge(true);
        cf.setOptimizedAckScheduledAckInterval(1_000);
        cf.setOptimizeAcknowledgeTimeOut(1_000);
        c = cf.createConnection();
        for (Feed f : feeds) {
          Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
          MessageConsumer consumer = s.createConsumer(s.createTopic(f.nodesTopic() + ".*"));
          consumer.setMessageListener(m -> take(f, m));
        }
        c.start();
        synchronized (this) {
          if (!running) {
            c.close();
            return;
          }
          connection = c;
        }
        LOG.info("taking node messages of {} sensor network(s)", feeds.size());
        return;
      } catch (JMSException | RuntimeException e) {
        BrokerConnectionFactory.closeQuietly(c);
        if (!running) {
          return;
        }
        LOG.warn("cannot subscribe to the node topics yet: {}", e.toString());
        try {
          Thread.sleep(delay); // backoff between attempts of a background thread
        } catch (InterruptedException ie) {
          return;
        }
        delay = Math.min(delay * 2, 5000);
      }
    }
  }

  private void take(Feed f, Message m) {
    Instant now = Instant.now();
    received.incrementAndGet();
    try {
      String topic = ((Topic) m.getJMSDestination()).getTopicName();
      String node = topic.substring(topic.lastIndexOf('.') + 1);
      f.inbox().deliver(node, body(m), now);
    } catch (JMSException | RuntimeException e) {
      LOG.debug("a node message of {} could not be read: {}", f.imPath(), e.toString());
      f.inbox().deliver("", null, now);
    }
  }

  /**
   * The body as sent: bytes (MQTT, OpenWire, STOMP with content-length) or text; null if too long.
   */
  private static byte[] body(Message m) throws JMSException {
    if (m instanceof BytesMessage b) {
      long length = b.getBodyLength();
      if (length > MAX_BODY) {
        return null;
      }
      byte[] out = new byte[(int) length];
      b.readBytes(out);
      return out;
    }
    if (m instanceof TextMessage t) {
      String text = t.getText();
      return text == null || text.length() > MAX_BODY
          ? null
          : text.getBytes(StandardCharsets.UTF_8);
    }
    return null;
  }

  /** Node messages received, of every sensor network. */
  public long received() {
    return received.get();
  }

  @Override
  public void close() {
    Connection c;
    Thread t;
    synchronized (this) {
      running = false;
      c = connection;
      connection = null;
      t = starter;
      starter = null;
    }
    if (t != null) {
      t.interrupt();
    }
    if (c != null) {
      try {
        c.close();
      } catch (JMSException e) {
        LOG.debug("closing the node feeds", e);
      }
    }
  }
}
