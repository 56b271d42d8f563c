package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.ImException;
import org.junit.jupiter.api.Test;

/**
 * With an external broker the IE subscribes to the node topics ({@link NodeFeeds}) instead of
 * taking node messages inside its own broker: bytes and text messages reach the IM all the same.
 */
class NodeFeedsIT {

  @Test
  void nodeMessagesOnAnExternalBrokerReachTheIm() throws Exception {
    int[] port = new int[1];
    Process broker = ExternalBrokerIT.standalone(port);
    try {
      String url = "tcp://127.0.0.1:" + port[0];
      try (RunningElement running =
          RunningElement.mockLab(
              "--broker.url=" + url,
              "--im.sensors.type=sensor-network",
              "--im.sensors.parent=lab")) {
        assertNull(running.runtime.broker(), "no embedded broker");
        InstrumentManager im = running.ie.node("lab/sensors").im();
        ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory(url);
        cf.setWatchTopicAdvisories(false);
        Connection c = cf.createConnection();
        try {
          Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
          MessageProducer a = s.createProducer(s.createTopic("ie.ie.lab.sensors.nodes.a"));
          MessageProducer b = s.createProducer(s.createTopic("ie.ie.lab.sensors.nodes.b"));
          // The feed subscribes in the background: send until both nodes are there. The IM lists
          // nodes in the order their first messages came, which the broker decides.
          long deadline = System.nanoTime() + ExternalBrokerIT.WAIT.toNanos();
          while (!List.of("a", "b").equals(names(im).stream().sorted().toList())) {
            if (System.nanoTime() > deadline) {
              throw new AssertionError("the node messages never reached the IM: " + names(im));
            }
            BytesMessage m = s.createBytesMessage();
            m.writeBytes("[1.5, 2]".getBytes(StandardCharsets.UTF_8));
            a.send(m);
            b.send(s.createTextMessage("{\"v\": 7}"));
            synchronized (this) {
              wait(100); // a bounded poll while the feed subscribes
            }
          }
          b.send(s.createTextMessage("not a reading"));
          // The feed's thread counts a malformed message in the total, then in its node's count:
          // wait for the node's, the later one.
          List<String> nodes = names(im);
          deadline = System.nanoTime() + ExternalBrokerIT.WAIT.toNanos();
          while (im.getAttribute("malformedCounts").asDoubles()[nodes.indexOf("b")] < 1) {
            if (System.nanoTime() > deadline) {
              throw new AssertionError("the malformed message was not counted");
            }
            synchronized (this) {
              wait(20);
            }
          }
          double[] values = im.getAttribute("values").asDoubles();
          double[] malformed = im.getAttribute("malformedCounts").asDoubles();
          assertEquals(1.5, values[nodes.indexOf("a")]);
          assertEquals(7, values[nodes.indexOf("b")]);
          assertEquals(0, malformed[nodes.indexOf("a")]);
          assertEquals(1, malformed[nodes.indexOf("b")]);
          assertEquals(1, im.getAttribute("malformedTotal").asLong());
        } finally {
          c.close();
        }
      }
    } finally {
      ExternalBrokerIT.stop(broker);
    }
  }

  private static List<String> names(InstrumentManager im) {
    try {
      String names = im.getAttribute("nodeNames").asString();
      return names.isEmpty() ? List.of() : List.of(names.split(","));
    } catch (ImException e) {
      throw new AssertionError(e);
    }
  }
}
