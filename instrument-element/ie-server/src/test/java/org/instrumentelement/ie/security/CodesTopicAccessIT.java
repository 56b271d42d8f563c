package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.apache.activemq.ActiveMQConnection;
import org.instrumentelement.ie.MockKeysightScope;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.contract.BodyType;
import org.instrumentelement.ie.contract.MessageProperty;
import org.instrumentelement.ie.contract.TopicNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A scope's codes topic ({@code <topic>.codes}, docs/subscriptions.md) is read as the trace's own
 * topic is: by whoever may observe the scope, and by nobody else, on every transport. {@code
 * others} may observe {@code lab/array2500} (sending WORD codes, so it has a codes topic of its
 * own) and the sibling {@code lab/scope}, but not {@code lab/kscope}; {@code kscope} may observe
 * only {@code lab/kscope}.
 */
class CodesTopicAccessIT {
  @TempDir static Path dir;
  static RunningElement running;

  /** The codes topic of lab/kscope's waveform, which others may not read. */
  static String scopeCodes;

  /** The topic of lab/kscope's waveform (doubles). */
  static String scopeTrace;

  /** The codes topic of lab/array2500's vector, which others may read. */
  static String arrayCodes;

  @BeforeAll
  static void start() throws Exception {
    Path users = dir.resolve("users.properties");
    Files.writeString(
        users,
        BrokerSecurityIT.user("others", "observe:lab/array2500, observe:lab/scope")
            + BrokerSecurityIT.user("kscope", "observe:" + MockKeysightScope.IM)
            + BrokerSecurityIT.user(RunningElement.ADMIN, "admin:*"));
    running =
        MockKeysightScope.start(
            RunningElement.newDataDir(),
            "--security.users=" + users,
            "--im.array2500.param.format=WORD",
            "--im.array2500.attribute.vector.period=50ms");
    MockKeysightScope.sendAs(running.client(), "WORD");
    scopeTrace =
        running
            .runtime
            .subscriptions()
            .get(MockKeysightScope.IM, MockKeysightScope.ATTRIBUTE)
            .topic();
    scopeCodes = TopicNames.codes(scopeTrace);
    String arrayTrace = running.runtime.subscriptions().get("lab/array2500", "vector").topic();
    arrayCodes = TopicNames.codes(arrayTrace);
    // Both traces (with their codes) are published, and so hold a last value, before anyone
    // subscribes.
    BrokerSecurityIT.eventually(
        () ->
            running.runtime.publisher().sent(scopeTrace) > 0
                && running.runtime.publisher().sent(arrayTrace) > 0,
        "nothing published");
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  @Test
  void overOpenWireOnlyAnObserverOfTheScopeReadsItsCodes() throws Exception {
    try (ActiveMQConnection c = running.openWire("others")) {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      Received own = new Received();
      s.createConsumer(s.createTopic(arrayCodes)).setMessageListener(own);
      assertTrue(own.await(m -> codes(m), BrokerSecurityIT.WAIT), "others read their own codes");
      for (String t :
          List.of(
              scopeCodes,
              scopeTrace,
              scopeCodes + ".>",
              scopeTrace + ".>",
              TopicNames.subtree(
                      running.ie.config().broker().topicPrefix(),
                      running.ie.name(),
                      MockKeysightScope.IM)
                  + ".>")) {
        assertThrows(JMSSecurityException.class, () -> s.createConsumer(s.createTopic(t)), t);
      }
    }
    try (AttributeSubscriber sub =
        AttributeSubscriber.connect(running.runtime.broker().openWireUrl(), "others", "others")) {
      assertThrows(JMSSecurityException.class, () -> sub.subscribe(scopeCodes, v -> {}));
    }
    try (ActiveMQConnection c = running.openWire("kscope")) {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      Received codes = new Received();
      s.createConsumer(s.createTopic(scopeCodes)).setMessageListener(codes);
      assertTrue(codes.await(m -> codes(m), BrokerSecurityIT.WAIT), "kscope reads the codes");
      assertThrows(
          JMSSecurityException.class, () -> s.createConsumer(s.createTopic(arrayCodes)), "array");
      Received both = new Received();
      s.createConsumer(s.createTopic(scopeTrace + ".>")).setMessageListener(both);
      assertTrue(
          both.await(m -> both.destinations().size() == 2, BrokerSecurityIT.WAIT),
          "the trace and its codes through a wildcard: " + both.destinations());
      assertEquals(Set.of("topic://" + scopeTrace, "topic://" + scopeCodes), both.destinations());
    }
  }

  @Test
  void aWildcardOverCodesTopicsDeliversOnlyTheCodesAUserMayObserve() throws Exception {
    try (ActiveMQConnection c = running.openWire("others")) {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      int attached = 0;
      for (String w :
          List.of(
              "ie.ie.lab.*.*.codes",
              "ie.ie.*.*.*.codes",
              "*.*.*.*.*.codes",
              "ie.ie.lab.*.vector.codes",
              "ie.ie.lab.*.*.>")) {
        MessageConsumer consumer;
        try {
          consumer = s.createConsumer(s.createTopic(w));
        } catch (JMSSecurityException refused) {
          continue;
        }
        attached++;
        // The scope publishes its codes every 100 ms and the array every 50 ms: among ten
        // messages a forbidden topic would show.
        Received r = new Received();
        consumer.setMessageListener(r);
        assertTrue(r.await(10, BrokerSecurityIT.WAIT), w);
        assertTrue(
            r.destinations().stream().noneMatch(d -> d.contains(".kscope.")),
            w + ": " + r.destinations());
        consumer.close();
      }
      assertTrue(attached > 0, "some wildcard over others' codes was tried");
    }
  }

  @Test
  void overMqttTheCodesTopicIsGrantedOnlyToAnObserverOfTheScope() throws Exception {
    int port = Integer.parseInt(BrokerSecurityIT.port(running.runtime.broker().mqttUrl()));
    try (RawMqtt others = new RawMqtt(port);
        RawMqtt kscope = new RawMqtt(port)) {
      assertEquals(0, others.connect("codes-others", "others", "others"));
      assertEquals(0x80, others.subscribe(1, TopicNames.mqttTopic(scopeCodes)), "SUBACK: refused");
      assertEquals(0, kscope.connect("codes-kscope", "kscope", "kscope"));
      assertEquals(0, kscope.subscribe(1, TopicNames.mqttTopic(scopeCodes)), "SUBACK: QoS 0");
    }
  }

  @Test
  void stompAndMqttDeliverTheCodesOnlyToAnObserverOfTheScope() throws Exception {
    BrokerSecurityIT.assumePython();
    BrokerSecurityIT.assertStompAndMqttDeliverOnly(running, "others", arrayCodes, scopeCodes);
    BrokerSecurityIT.assertStompAndMqttDeliverOnly(running, "kscope", scopeCodes, arrayCodes);
  }

  /** Whether a message carries codes ({@code ieType} INT8_CODES or INT16_CODES). */
  static boolean codes(Message m) {
    try {
      String type = m.getStringProperty(MessageProperty.TYPE.key());
      return BodyType.INT8_CODES.name().equals(type) || BodyType.INT16_CODES.name().equals(type);
    } catch (JMSException e) {
      return false;
    }
  }
}
