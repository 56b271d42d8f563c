package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.instrumentelement.ie.Conditions;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.im.InstrumentManager;
import org.instrumentelement.im.model.ImException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sensor node's account publishes to its one topic and nowhere else, on every protocol: a send to
 * a wildcard or a composite destination that covers its topic (and so would pass ActiveMQ's
 * authorization map, which grants such a send when any topic it covers may be written) is refused
 * and ends the connection, and reaches neither the observers' wildcard subscriptions nor the sensor
 * network. OpenWire with the Java client, STOMP with stomp.py, MQTT with paho-mqtt and a hand-made
 * MQTT client for what paho will not send.
 */
class NodePublishRulesIT {
  static final Duration WAIT = Duration.ofSeconds(20);
  static final String IM = "lab/sensors";

  @TempDir static Path dir;
  static RunningElement running;
  static InstrumentManager sensors;
  static String nodes; // ie.ie.lab.sensors.nodes

  @BeforeAll
  static void start() throws Exception {
    Path users = dir.resolve("users.properties");
    Files.writeString(
        users,
        UsersFile.entry("n1", "node", IM + ":n1")
            + UsersFile.entry("n2", "node", IM + ":n2")
            + UsersFile.entry("observer", "grants", "observe:*"));
    running =
        RunningElement.mockLab(
            "--security.users=" + users,
            "--im.sensors.type=sensor-network",
            "--im.sensors.parent=lab",
            "--im.sensors.nodes=n1,n2");
    sensors = running.ie.node(IM).im();
    nodes = TopicNames.subtree("ie", "ie", IM) + ".nodes";
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  static ActiveMQConnection connect(String user) throws JMSException {
    ActiveMQConnectionFactory cf =
        new ActiveMQConnectionFactory(running.runtime.broker().openWireUrl());
    cf.setUserName(user);
    cf.setPassword(user);
    cf.setWatchTopicAdvisories(false);
    cf.setAlwaysSyncSend(true);
    ActiveMQConnection c = (ActiveMQConnection) cf.createConnection();
    c.start();
    return c;
  }

  @Test
  void openWireSendsToWildcardsAndCompositeDestinationsAreRefusedAndReachNoOne() throws Exception {
    ActiveMQConnection observer = connect("observer");
    try (LogCapture log = new LogCapture()) {
      Session os = observer.createSession(false, Session.AUTO_ACKNOWLEDGE);
      Map<String, Received> watching = new LinkedHashMap<>();
      for (String w : List.of(nodes + ".*", nodes + ".>", nodes + ".n2", "ie.ie.lab.>")) {
        Received r = new Received();
        // Only the test's own messages: the lab's samples need not fill the list.
        os.createConsumer(os.createTopic(w), "forged = TRUE OR marker = TRUE")
            .setMessageListener(r);
        watching.put(w, r);
      }
      long messages = count("messagesTotal");
      long refused = count("refusedTotal");
      Map<String, String> targets = new LinkedHashMap<>();
      targets.put(nodes + ".*", "wildcard");
      targets.put(nodes + ".>", "wildcard");
      targets.put("ie.ie.lab.>", "wildcard");
      targets.put("ie.ie.*.sensors.nodes.n1", "wildcard");
      targets.put(nodes + ".n1," + nodes + ".n2", "composite");
      targets.put(nodes + ".n2," + nodes + ".n1", "composite");
      targets.put(nodes + ".n1," + nodes + ".n1", "composite");
      for (Map.Entry<String, String> t : targets.entrySet()) {
        ActiveMQConnection n1 = connect("n1");
        try {
          Session s = n1.createSession(false, Session.AUTO_ACKNOWLEDGE);
          Message forged = s.createTextMessage("21.5");
          forged.setBooleanProperty("forged", true);
          MessageProducer anonymous = s.createProducer(null);
          JMSSecurityException e =
              assertThrows(
                  JMSSecurityException.class,
                  () -> anonymous.send(s.createTopic(t.getKey()), forged),
                  "n1 sends to " + t.getKey());
          assertTrue(
              e.getMessage().startsWith("Refused to publish to topic " + t.getKey() + ": a ")
                  && e.getMessage().contains(t.getValue()),
              e.getMessage());
          Conditions.eventually(WAIT, n1::isTransportFailed, "the connection is closed");
        } finally {
          closeQuietly(n1);
        }
      }
      // A producer bound to a wildcard is refused as it is made.
      ActiveMQConnection n1 = connect("n1");
      try {
        Session s = n1.createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertThrows(
            JMSSecurityException.class, () -> s.createProducer(s.createTopic(nodes + ".*")));
        Conditions.eventually(WAIT, n1::isTransportFailed, "the connection is closed");
      } finally {
        closeQuietly(n1);
      }
      // The node's own topic: delivered to every wildcard that covers it, and to the IM. Anything
      // a refused send had let through would have come before it.
      n1 = connect("n1");
      try {
        Session s = n1.createSession(false, Session.AUTO_ACKNOWLEDGE);
        Message marker = s.createTextMessage("22.5");
        marker.setBooleanProperty("marker", true);
        s.createProducer(s.createTopic(nodes + ".n1")).send(marker);
      } finally {
        closeQuietly(n1);
      }
      for (Map.Entry<String, Received> w : watching.entrySet()) {
        if (w.getKey().endsWith(".n2")) {
          continue;
        }
        assertTrue(w.getValue().await(m -> property(m, "marker"), WAIT), w.getKey());
      }
      for (Map.Entry<String, Received> w : watching.entrySet()) {
        assertTrue(
            w.getValue().messages().stream().noneMatch(m -> property(m, "forged")),
            "a refused message reached a subscriber of " + w.getKey());
      }
      Conditions.eventually(WAIT, () -> count("messagesTotal") == messages + 1, "the marker");
      assertEquals(messages + 1, count("messagesTotal"), "only the marker reached the IM");
      assertEquals(refused, count("refusedTotal"), "no refused message reached the IM");
      assertTrue(
          log.refusals().stream()
              .anyMatch(
                  l ->
                      l.startsWith("refused OpenWire publish to topic " + nodes + ".* by n1 from")
                          && l.endsWith("names many topics, not one; connection closed")),
          String.join("\n", log.refusals()));
    } finally {
      closeQuietly(observer);
    }
  }

  @Test
  void stompAndMqttSendsToWildcardsAndCompositeDestinationsAreRefusedAndReachNoOne()
      throws Exception {
    BrokerSecurityIT.assumePython();
    long messages = count("messagesTotal");
    String out =
        BrokerSecurityIT.python(
            "src/test/python/node_publish_rules.py",
            "localhost",
            BrokerSecurityIT.port(running.runtime.broker().stompUrl()),
            BrokerSecurityIT.port(running.runtime.broker().mqttUrl()),
            "n1",
            "n1",
            "n2",
            "observer",
            "observer",
            nodes);
    JsonNode r = new ObjectMapper().readTree(out);
    for (String refused :
        List.of("stomp_any_node", "stomp_all_nodes", "stomp_lab", "stomp_composite")) {
      JsonNode c = r.get(refused);
      assertFalse(c.get("receipt").asBoolean(), refused + " got a RECEIPT: " + c);
      assertTrue(c.get("closed").asBoolean(), refused + " ends the connection: " + c);
      assertTrue(c.get("error").asText().matches(".*(wildcard|composite).*"), refused + ": " + c);
    }
    for (String refused : List.of("mqtt_composite", "mqtt_composite_lab", "mqtt_plus")) {
      JsonNode c = r.get(refused);
      if (c.has("client_refused")) {
        continue; // paho-mqtt will not publish to '+'; the hand-made client below does
      }
      assertFalse(c.get("acknowledged").asBoolean(), refused + " got a PUBACK: " + c);
      assertTrue(c.get("closed").asBoolean(), refused + " ends the connection: " + c);
    }
    assertTrue(r.get("stomp_own").get("receipt").asBoolean(), out);
    assertTrue(r.get("mqtt_own").get("acknowledged").asBoolean(), out);
    assertTrue(r.get("stomp_marker").asBoolean(), "the STOMP observer got the marker: " + out);
    assertTrue(r.get("mqtt_marker").asBoolean(), "the MQTT observer got the marker: " + out);
    for (String seen : List.of("stomp_seen", "mqtt_seen")) {
      r.get(seen)
          .fields()
          .forEachRemaining(
              e ->
                  e.getValue()
                      .forEach(
                          body ->
                              assertTrue(
                                  List.of("payload-own", "payload-marker").contains(body.asText()),
                                  "a refused message reached " + e.getKey() + ": " + out)));
    }
    Conditions.eventually(WAIT, () -> count("messagesTotal") == messages + 2, out);
  }

  /**
   * MQTT forbids wildcards in a PUBLISH, and ActiveMQ's MQTT layer ends such a connection before
   * the access rules see it; whichever refuses it, it is never acknowledged nor delivered.
   */
  @Test
  void mqttPublishesToMqttWildcardsEndTheConnection() throws Exception {
    int port = Integer.parseInt(BrokerSecurityIT.port(running.runtime.broker().mqttUrl()));
    long messages = count("messagesTotal");
    List<String> acknowledged = new ArrayList<>();
    for (String topic :
        List.of(
            TopicNames.mqttTopic(nodes) + "/+",
            TopicNames.mqttTopic(nodes) + "/#",
            "ie/ie/lab/+/nodes/n1")) {
      try (RawMqtt n1 = new RawMqtt(port)) {
        assertEquals(0, n1.connect("", "n1", "n1"));
        n1.publish(1, topic, "21.5".getBytes());
        if (n1.untilClosed().contains(RawMqtt.PUBACK)) {
          acknowledged.add(topic);
        }
      }
    }
    assertEquals(List.of(), acknowledged, "publishes to MQTT wildcards acknowledged");
    try (RawMqtt n1 = new RawMqtt(port)) {
      assertEquals(0, n1.connect("", "n1", "n1"));
      n1.publish(2, TopicNames.mqttTopic(nodes) + "/n1", "23.5".getBytes());
      assertEquals(RawMqtt.PUBACK, n1.next(), "the node's own topic is acknowledged");
    }
    Conditions.eventually(WAIT, () -> count("messagesTotal") == messages + 1, "the reading");
  }

  /**
   * With access control off the broker checks no publish (anyone may publish anywhere), but the
   * sensor network still takes only messages sent to one exact node topic: a wildcard names no
   * node.
   */
  @Test
  void withAccessControlOffAWildcardPublishStillReachesNoNode() throws Exception {
    try (RunningElement open =
        RunningElement.mockLab(
            "--security.enabled=false",
            "--im.sensors.type=sensor-network",
            "--im.sensors.parent=lab",
            "--im.sensors.nodes=n1")) {
      InstrumentManager im = open.ie.node(IM).im();
      long messages = im.getAttribute("messagesTotal").asLong();
      long refused = im.getAttribute("refusedTotal").asLong();
      ActiveMQConnectionFactory cf =
          new ActiveMQConnectionFactory(open.runtime.broker().openWireUrl());
      cf.setWatchTopicAdvisories(false);
      cf.setAlwaysSyncSend(true);
      try (jakarta.jms.Connection c = cf.createConnection()) {
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer anonymous = s.createProducer(null);
        for (String target : List.of(nodes + ".*", nodes + ".>", nodes + ".n1," + nodes + ".n2")) {
          anonymous.send(s.createTopic(target), s.createTextMessage("21.5"));
        }
        anonymous.send(s.createTopic(nodes + ".n1"), s.createTextMessage("22.5"));
      }
      Conditions.eventually(
          WAIT, () -> count(im, "messagesTotal") >= messages + 1, "the node's own message");
      assertEquals(messages + 1, count(im, "messagesTotal"), "only the exact topic's message");
      assertEquals(refused, count(im, "refusedTotal"));
      assertEquals(22.5, im.getAttribute("node_n1").asDoubles()[0]);
    }
  }

  static long count(InstrumentManager im, String attribute) {
    try {
      return im.getAttribute(attribute).asLong();
    } catch (ImException e) {
      throw new AssertionError(e);
    }
  }

  static boolean property(Message m, String name) {
    try {
      return m.propertyExists(name);
    } catch (JMSException e) {
      return false;
    }
  }

  static void closeQuietly(ActiveMQConnection c) {
    try {
      c.close();
    } catch (JMSException alreadyClosed) {
      // the broker ended it
    }
  }

  static long count(String attribute) {
    try {
      return sensors.getAttribute(attribute).asLong();
    } catch (ImException e) {
      throw new AssertionError(e);
    }
  }
}
