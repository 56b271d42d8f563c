package org.instrumentelement.ie.pubsub;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.activemq.broker.Broker;
import org.apache.activemq.broker.BrokerFilter;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.ProducerBrokerExchange;
import org.apache.activemq.command.ActiveMQDestination;
import org.apache.activemq.command.ActiveMQTextMessage;
import org.apache.activemq.command.Message;
import org.apache.activemq.util.ByteSequence;
import org.instrumentelement.ie.pubsub.security.PublishTarget;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Node messages straight into their sensor network, inside the embedded broker: a publish to a node
 * topic, once the broker's authorization has let it through, is handed to the IM on the publishing
 * connection's own thread, then goes on to the topic as usual (observers may watch it). Nothing
 * queues between node and IM, so nothing can be dropped there: an IM slower than its nodes slows
 * their connections (TCP pushes back) instead of losing readings, and the work is spread over the
 * nodes' connection threads instead of one consumer's. With an external broker the IE subscribes
 * instead ({@link NodeFeeds}).
 */
public final class NodeMessageRouter implements BrokerPlugin {
  private static final Logger LOG = LoggerFactory.getLogger(NodeMessageRouter.class);

  /** The longest body handed over; a longer one reaches the IM as oversized (null). */
  static final int MAX_BODY = NodeFeeds.MAX_BODY;

  private volatile Map<String, NodeFeeds.Feed> byNodesTopic = Map.of();

  /** Starts handing the messages of these sensor networks' node topics to their IMs. */
  public void route(List<NodeFeeds.Feed> feeds) {
    Map<String, NodeFeeds.Feed> m = new HashMap<>();
    feeds.forEach(f -> m.put(f.nodesTopic(), f));
    byNodesTopic = Map.copyOf(m);
  }

  /** Stops handing messages over (the IMs are closing). */
  public void stop() {
    byNodesTopic = Map.of();
  }

  @Override
  public Broker installPlugin(Broker next) {
    return new BrokerFilter(next) {
      @Override
      public void send(ProducerBrokerExchange exchange, Message message) throws Exception {
        take(message);
        super.send(exchange, message);
      }
    };
  }

  private void take(Message message) {
    Map<String, NodeFeeds.Feed> routes = byNodesTopic;
    ActiveMQDestination d = message.getDestination();
    // One exact topic only: the access filter refuses the others before they get here, and with
    // access control off (anyone may publish anywhere) a wildcard still names no one node.
    if (routes.isEmpty() || d == null || !d.isTopic() || PublishTarget.refusal(d).isPresent()) {
      return;
    }
    String name = d.getPhysicalName();
    int dot = name.lastIndexOf('.');
    NodeFeeds.Feed f = dot < 0 ? null : routes.get(name.substring(0, dot));
    if (f == null) {
      return;
    }
    Instant now = Instant.now();
    byte[] body;
    try {
      body = body(message);
    } catch (Exception | LinkageError e) {
      LOG.debug("a node message of {} could not be read: {}", f.imPath(), e.toString());
      body = null;
    }
    f.inbox().deliver(name.substring(dot + 1), body, now);
  }

  /** The body as sent: the bytes of MQTT, OpenWire and STOMP (with content-length), or text. */
  private static byte[] body(Message m) throws Exception {
    if (m instanceof ActiveMQTextMessage t) {
      String text = t.getText();
      return text == null || text.length() > MAX_BODY
          ? null
          : text.getBytes(StandardCharsets.UTF_8);
    }
    ByteSequence content = m.getContent();
    if (content == null) {
      return new byte[0];
    }
    if (content.getLength() > MAX_BODY || m.isCompressed()) {
      return null;
    }
    byte[] out = new byte[content.getLength()];
    System.arraycopy(content.getData(), content.getOffset(), out, 0, out.length);
    return out;
  }
}
