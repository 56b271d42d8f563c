package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.spi.ILoggingEvent;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TemporaryQueue;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.command.ActiveMQDestination;
import org.apache.activemq.command.ActiveMQMessage;
import org.apache.activemq.command.ConnectionInfo;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.client.subscription.SubscriptionListener;
import org.instrumentelement.ie.contract.TopicNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded broker applies the same users and grants on every transport: OpenWire (the Java
 * client), STOMP and MQTT (Python clients, skipped where their Debian packages are missing). Three
 * users: {@code arrays} may observe one IM, {@code observer} every IM, {@code boss} administers the
 * whole element. Advisories, temporary destinations, queues, durable subscriptions, wildcards
 * beyond one's IMs and publishing are tried on each protocol.
 */
class BrokerSecurityIT {
  static final Duration WAIT = Duration.ofSeconds(20);
  static final String PYTHON = "/usr/bin/python3";

  @TempDir static Path dir;
  static RunningElement running;
  static String allowed;
  static String forbidden;

  @BeforeAll
  static void start() throws Exception {
    Path users = dir.resolve("users.properties");
    Files.writeString(
        users,
        user("arrays", "observe:lab/array2500")
            + user("observer", "observe:*")
            + user("boss", "admin:*"));
    running =
        RunningElement.mockLab(
            "--security.users=" + users, "--im.array2500.attribute.vector.period=50ms");
    allowed = running.runtime.subscriptions().get("lab/array2500", "vector").topic();
    forbidden = running.runtime.subscriptions().get("lab/scope", "waveform").topic();
    // Both topics exist (and hold a last value) before anyone subscribes.
    eventually(
        () ->
            running.runtime.publisher().sent(allowed) > 0
                && running.runtime.publisher().sent(forbidden) > 0,
        "nothing published");
  }

  /** A users file entry; the password is the user's name. */
  static String user(String name, String grants) {
    return UsersFile.entry(name, "grants", grants);
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  /** A factory as the Instrument Element's clients make one: no advisory consumer, sync sends. */
  static ActiveMQConnectionFactory factory(String user, String password) {
    ActiveMQConnectionFactory cf = plain(user, password);
    cf.setWatchTopicAdvisories(false);
    cf.setAlwaysSyncSend(true);
    return cf;
  }

  /** A factory with ActiveMQ's defaults, as any JMS program would make it. */
  static ActiveMQConnectionFactory plain(String user, String password) {
    ActiveMQConnectionFactory cf =
        new ActiveMQConnectionFactory(running.runtime.broker().openWireUrl());
    cf.setUserName(user);
    cf.setPassword(password);
    return cf;
  }

  static ActiveMQConnection connect(String user) throws JMSException {
    ActiveMQConnection c = (ActiveMQConnection) factory(user, user).createConnection();
    c.start();
    return c;
  }

  /** Closes a connection the broker may have closed already. */
  static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (JMSException alreadyClosed) {
      // the broker ended it
    }
  }

  static void eventually(BooleanSupplier condition, String what) {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!condition.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, what);
      Thread.onSpinWait();
    }
  }

  @Test
  void openWireClientsReadOnlyWhatTheyMayObserveAndNeverPublish() throws Exception {
    assertThrows(
        JMSSecurityException.class, () -> factory("arrays", "wrong").createConnection().start());
    assertThrows(JMSSecurityException.class, () -> factory(null, null).createConnection().start());

    try (AttributeSubscriber sub =
        AttributeSubscriber.connect(running.runtime.broker().openWireUrl(), "arrays", "arrays")) {
      java.util.concurrent.CountDownLatch got = new java.util.concurrent.CountDownLatch(1);
      sub.subscribe(
          allowed,
          new SubscriptionListener() {
            @Override
            public void onValue(SampledValue v) {
              got.countDown();
            }
          });
      assertTrue(got.await(30, TimeUnit.SECONDS), "a value of the allowed topic");
      assertThrows(JMSSecurityException.class, () -> sub.subscribe(forbidden, v -> {}));
    }
    try (Connection c = connect("arrays")) {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      JMSSecurityException refused =
          assertThrows(
              JMSSecurityException.class,
              () -> s.createProducer(s.createTopic(allowed)).send(s.createBytesMessage()),
              "only the Instrument Element publishes");
      assertEquals(
          "Refused to publish to topic " + allowed + ": not authorized.", refused.getMessage());
      assertThrows(JMSSecurityException.class, () -> s.createConsumer(s.createQueue("anything")));
    }
    try (Connection c = factory("arrays", "arrays").createConnection()) {
      c.setClientID("durable-arrays");
      c.start();
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      assertThrows(
          JMSSecurityException.class,
          () -> s.createDurableSubscriber(s.createTopic(allowed), "kept"),
          "durable subscriptions are not offered");
    }
  }

  @Test
  void aRefusedPublishEndsTheConnection() throws Exception {
    ActiveMQConnection c = connect("observer");
    try {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      MessageProducer anonymous = s.createProducer(null);
      assertThrows(
          JMSSecurityException.class,
          () -> anonymous.send(s.createTopic(allowed), s.createBytesMessage()));
      eventually(c::isTransportFailed, "the broker closes the connection of a refused publish");
    } finally {
      closeQuietly(c);
    }
  }

  @Test
  void aClientCannotTakeOverAnotherUsersConnection() throws Exception {
    try (ActiveMQConnection victim = connect("arrays")) {
      Session s = victim.createSession(false, Session.AUTO_ACKNOWLEDGE);
      Received r = new Received();
      s.createConsumer(s.createTopic(allowed)).setMessageListener(r);
      assertTrue(r.await(1, WAIT));
      // ActiveMQ stops the earlier connection with the same id before it checks any password.
      ActiveMQConnection thief =
          (ActiveMQConnection) factory("observer", "observer").createConnection();
      thief.getConnectionInfo().setConnectionId(victim.getConnectionInfo().getConnectionId());
      try {
        JMSSecurityException refused = assertThrows(JMSSecurityException.class, thief::start);
        assertEquals("That connection id is in use.", refused.getMessage());
      } finally {
        closeQuietly(thief);
      }
      int before = r.messages().size();
      assertTrue(r.await(before + 2, WAIT), "the first connection still receives");
      assertFalse(victim.isTransportFailed());
    }
  }

  @Test
  void anMqttClientIdIsNotTakenOverByAnotherUser() throws Exception {
    int port = Integer.parseInt(port(running.runtime.broker().mqttUrl()));
    try (RawMqtt owner = new RawMqtt(port);
        RawMqtt other = new RawMqtt(port)) {
      assertEquals(0, owner.connect("lab-client", "arrays", "arrays"));
      assertEquals(5, other.connect("lab-client", "observer", "observer"), "CONNACK: refused");
      assertEquals(0, owner.subscribe(1, TopicNames.mqttTopic(allowed)), "still connected");
    }
  }

  @Test
  void advisoriesAreReadOnlyByAdministratorsOfTheWholeElement() throws Exception {
    for (String user : List.of("arrays", "observer")) {
      try (Connection c = connect(user)) {
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        for (String advisory :
            List.of(
                "ActiveMQ.Advisory.Connection",
                "ActiveMQ.Advisory.Consumer.Topic." + allowed,
                "ActiveMQ.Advisory.Producer.Topic." + allowed,
                "ActiveMQ.Advisory.>",
                "ActiveMQ.Advisory.Consumer.Topic.>",
                "ActiveMQ.Advisory.Connection,ActiveMQ.Advisory.TempQueue")) {
          assertThrows(
              JMSSecurityException.class,
              () -> s.createConsumer(s.createTopic(advisory)),
              user + " reads " + advisory);
        }
      }
    }
    // An administrator sees who is connected from where.
    try (Connection arrays = connect("arrays");
        Connection boss = connect("boss")) {
      Session s = boss.createSession(false, Session.AUTO_ACKNOWLEDGE);
      Received connections = new Received();
      s.createConsumer(s.createTopic("ActiveMQ.Advisory.Connection"))
          .setMessageListener(connections);
      assertTrue(
          connections.await(
              m ->
                  m instanceof ActiveMQMessage a
                      && a.getDataStructure() instanceof ConnectionInfo info
                      && "arrays".equals(info.getUserName()),
              WAIT),
          "the administrator learns of arrays' connection");
    }
  }

  @Test
  void advisoriesCannotBeForgedNorUsedAsAChannel() throws Exception {
    try (Connection boss = connect("boss")) {
      Session bs = boss.createSession(false, Session.AUTO_ACKNOWLEDGE);
      Map<String, Received> seen = new java.util.LinkedHashMap<>();
      for (String target : List.of("ActiveMQ.Advisory.Connection", "ActiveMQ.Advisory.Chat")) {
        Received r = new Received();
        bs.createConsumer(bs.createTopic(target)).setMessageListener(r);
        seen.put(target, r);
      }
      for (String user : List.of("arrays", "observer")) {
        for (String target : seen.keySet()) {
          ActiveMQConnection c = connect(user);
          try {
            Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Message forged = s.createTextMessage("forged by " + user);
            forged.setBooleanProperty("forged", true);
            MessageProducer p = s.createProducer(null);
            assertThrows(
                JMSSecurityException.class,
                () -> p.send(s.createTopic(target), forged),
                user + " writes " + target);
          } finally {
            closeQuietly(c);
          }
        }
      }
      // The administrator's own marker comes through; no forged message came before it.
      MessageProducer bp = bs.createProducer(null);
      for (Map.Entry<String, Received> e : seen.entrySet()) {
        Message marker = bs.createTextMessage("marker");
        marker.setBooleanProperty("marker", true);
        bp.send(bs.createTopic(e.getKey()), marker);
        assertTrue(e.getValue().await(m -> property(m, "marker"), WAIT), e.getKey());
        assertTrue(
            e.getValue().messages().stream().noneMatch(m -> property(m, "forged")),
            "a forged message on " + e.getKey());
      }
    }
  }

  static boolean property(Message m, String name) {
    try {
      return m.propertyExists(name);
    } catch (JMSException e) {
      return false;
    }
  }

  @Test
  void aDefaultJmsClientOfAnObserverWorksButLearnsNothingFromAdvisories() throws Exception {
    // ActiveMQ's defaults: the client subscribes to the temporary-destination advisories as it
    // connects, and would fail to connect if that were refused.
    try (ActiveMQConnection observer =
            (ActiveMQConnection) plain("observer", "observer").createConnection();
        ActiveMQConnection boss = (ActiveMQConnection) plain("boss", "boss").createConnection();
        ActiveMQConnection bossWatching =
            (ActiveMQConnection) plain("boss", "boss").createConnection()) {
      observer.start();
      boss.start();
      bossWatching.start();
      Session s = observer.createSession(false, Session.AUTO_ACKNOWLEDGE);
      Received values = new Received();
      s.createConsumer(s.createTopic(allowed)).setMessageListener(values);
      assertTrue(values.await(1, WAIT), "a default client of an observer receives values");

      TemporaryQueue t = boss.createSession(false, Session.AUTO_ACKNOWLEDGE).createTemporaryQueue();
      ActiveMQDestination temporary = (ActiveMQDestination) t;
      eventually(
          () -> !bossWatching.isDeleted(temporary),
          "an administrator's client learns of the temporary queue from the advisory");
      // A round trip on the observer's connection after the advisory went out.
      s.createConsumer(s.createTopic(allowed)).close();
      assertTrue(observer.isDeleted(temporary), "the observer's client was told nothing");
    }
  }

  @Test
  void temporaryDestinationsAreForAdministratorsOnly() throws Exception {
    for (String user : List.of("arrays", "observer")) {
      try (Connection c = connect(user)) {
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertThrows(JMSSecurityException.class, s::createTemporaryQueue, user);
        assertThrows(JMSSecurityException.class, s::createTemporaryTopic, user);
      }
    }
    try (Connection c = connect("boss")) {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      TemporaryQueue q = s.createTemporaryQueue();
      MessageConsumer consumer = s.createConsumer(q);
      s.createProducer(q).send(s.createTextMessage("to myself"));
      assertNotNull(consumer.receive(WAIT.toMillis()), "an administrator uses a temporary queue");
    }
  }

  @Test
  void wildcardSubscriptionsReachOnlyTheTopicsAUserMayObserve() throws Exception {
    try (Connection c = connect("arrays")) {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      for (String w : List.of(">", "ie.>", "ie.ie.>", "ie.ie.lab.>")) {
        assertThrows(JMSSecurityException.class, () -> s.createConsumer(s.createTopic(w)), w);
      }
      // Refused, or attached only to the one topic arrays may observe: each attached topic
      // delivers its last value at once, so a forbidden one would show among the first values.
      int attached = 0;
      for (String w :
          List.of(
              "ie.ie.*.>", "ie.ie.lab.*.*", "ie.*.lab.*.vector", "*.*.*.*.*", "ie.ie.lab.*.>")) {
        MessageConsumer consumer;
        try {
          consumer = s.createConsumer(s.createTopic(w));
        } catch (JMSSecurityException refused) {
          continue;
        }
        attached++;
        Received r = new Received();
        consumer.setMessageListener(r);
        assertTrue(r.await(3, WAIT), w);
        assertEquals(Set.of("topic://" + allowed), r.destinations(), w);
        consumer.close();
      }
      assertTrue(attached > 0, "some wildcard within arrays' IM was tried");
    }
    // observe:* covers the element's topics, and no more.
    try (Connection c = connect("observer")) {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      assertThrows(JMSSecurityException.class, () -> s.createConsumer(s.createTopic(">")));
      Received r = new Received();
      s.createConsumer(s.createTopic("ie.ie.>")).setMessageListener(r);
      assertTrue(
          r.await(m -> r.destinations().contains("topic://" + forbidden), WAIT),
          "observe:* receives every IM");
    }
  }

  @Test
  void stompAndMqttApplyTheSameRules() throws Exception {
    assumePython();
    assertStompAndMqttDeliverOnly(running, "arrays", allowed, forbidden);
  }

  /**
   * Runs broker_access.py as {@code user} (whose password is its name): over STOMP and MQTT, a
   * wrong password is refused, {@code allowed} delivers values, {@code forbidden} is refused and
   * delivers nothing, and publishing is refused.
   */
  static void assertStompAndMqttDeliverOnly(
      RunningElement running, String user, String allowed, String forbidden) throws Exception {
    String out =
        python(
            "src/test/python/broker_access.py",
            "localhost",
            port(running.runtime.broker().stompUrl()),
            port(running.runtime.broker().mqttUrl()),
            user,
            user,
            TopicNames.stompDestination(allowed),
            TopicNames.stompDestination(forbidden),
            TopicNames.mqttTopic(allowed),
            TopicNames.mqttTopic(forbidden));
    assertTrue(out.contains("\"stomp_wrong_password\": \"refused\""), out);
    assertTrue(out.matches("(?s).*\"stomp_allowed_messages\": [1-9].*"), out);
    assertTrue(out.contains("\"stomp_forbidden_messages\": 0"), out);
    assertTrue(
        out.matches("(?s).*\"stomp_forbidden_error\": \"[^\"]*(not authorized|authoriz)[^\"]*\".*"),
        out);
    assertTrue(
        out.matches("(?s).*\"stomp_publish_error\": \"[^\"]*(not authorized|authoriz)[^\"]*\".*"),
        out);
    assertTrue(out.matches("(?s).*\"mqtt_wrong_password_rc\": [1-9].*"), out);
    assertTrue(out.contains("\"mqtt_rc\": 0"), out);
    assertTrue(out.matches("(?s).*\"mqtt_allowed_messages\": [1-9].*"), out);
    assertEquals(true, out.contains("\"mqtt_forbidden_messages\": 0"), out);
    assertFalse(
        out.contains("\"mqtt_forbidden_granted\": [0]"),
        "a forbidden MQTT subscription is not granted: " + out);
  }

  @Test
  void stompAndMqttRefuseAdvisoriesTemporaryDestinationsWildcardsAndForgeries() throws Exception {
    assumePython();
    String out;
    List<ILoggingEvent> logged;
    List<String> refusals;
    try (LogCapture log = new LogCapture()) {
      out =
          python(
              "src/test/python/broker_rules.py",
              "localhost",
              port(running.runtime.broker().stompUrl()),
              port(running.runtime.broker().mqttUrl()),
              "arrays",
              "arrays",
              "boss",
              "boss",
              TopicNames.stompDestination(allowed),
              TopicNames.mqttTopic(allowed));
      logged = log.events();
      refusals = log.refusals();
    }
    JsonNode r = new ObjectMapper().readTree(out);
    String stompAllowed = TopicNames.stompDestination(allowed);
    for (String refused :
        List.of(
            "stomp_advisory",
            "stomp_advisory_wildcard",
            "stomp_advisory_admin",
            "stomp_temp_queue",
            "stomp_temp_queue_send",
            "stomp_temp_topic",
            "stomp_queue",
            "stomp_forged_advisory",
            "stomp_forged_channel",
            "stomp_publish",
            "stomp_everything",
            "stomp_all_ie")) {
      JsonNode c = r.get(refused);
      assertFalse(c.get("error").asText().isEmpty(), refused + ": " + c);
      assertTrue(c.get("closed").asBoolean(), refused + " ends the STOMP connection: " + c);
      assertEquals(0, c.get("destinations").size(), refused + ": " + c);
    }
    assertTrue(
        r.get("stomp_advisory_admin").get("error").asText().contains("OpenWire only"),
        r.toString());
    assertTrue(
        r.get("stomp_forged_advisory").get("error").asText().contains("not authorized"),
        r.toString());
    for (String maybe :
        List.of(
            "stomp_any_im",
            "stomp_lab_wildcard",
            "stomp_allowed",
            "stomp_advisory_admin_wildcard")) {
      JsonNode c = r.get(maybe);
      if (c.get("error").asText().isEmpty()) {
        assertEquals(
            List.of(stompAllowed),
            fieldNames(c.get("destinations")),
            maybe + " delivers only the allowed topic: " + c);
      }
    }
    assertEquals(
        List.of(stompAllowed), fieldNames(r.get("stomp_allowed").get("destinations")), out);
    assertEquals(
        List.of(stompAllowed),
        fieldNames(r.get("stomp_transformation").get("destinations")),
        "a transformation the broker cannot make is ignored: " + out);
    assertEquals(
        List.of(stompAllowed),
        fieldNames(r.get("stomp_advisory_admin_wildcard").get("destinations")),
        out);

    assertEquals(0, r.get("mqtt_rc").asInt(), out);
    for (String refused :
        List.of(
            "mqtt_advisory",
            "mqtt_advisory_wildcard",
            "mqtt_advisory_admin",
            "mqtt_everything",
            "mqtt_all_ie",
            "mqtt_durable")) {
      assertEquals("[128]", r.get(refused).get("granted").toString(), refused + ": " + out);
    }
    for (String maybe : List.of("mqtt_any_im", "mqtt_lab_wildcard")) {
      JsonNode c = r.get(maybe);
      if (!c.get("granted").toString().equals("[128]")) {
        assertEquals(
            List.of(TopicNames.mqttTopic(allowed)),
            fieldNames(c.get("topics")),
            maybe + " delivers only the allowed topic: " + c);
      }
    }
    for (String publish : List.of("mqtt_forged_advisory", "mqtt_publish")) {
      JsonNode c = r.get(publish);
      assertFalse(c.get("acknowledged").asBoolean(), publish + " got a PUBACK: " + c);
      assertTrue(c.get("closed").asBoolean(), publish + " ends the MQTT connection: " + c);
    }

    // Quiet logs: one line per refusal from the Instrument Element, nothing from ActiveMQ, no
    // stack trace, no payload, no failure to render an advisory for STOMP.
    List<String> problems = new ArrayList<>();
    for (ILoggingEvent e : logged) {
      String line = e.getFormattedMessage();
      if (e.getThrowableProxy() != null
          || line.contains("\n")
          || line.contains("forged-payload")
          || line.contains("NoClassDefFoundError")
          || line.toLowerCase(java.util.Locale.ROOT).contains("xstream")
          || (e.getLoggerName().startsWith("org.apache.activemq")
              && e.getLevel().isGreaterOrEqual(Level.WARN))) {
        problems.add(e.getLoggerName() + ": " + line);
      }
    }
    assertEquals(List.of(), problems, "log lines that should not be there");
    assertTrue(
        refusals.stream()
            .anyMatch(
                l ->
                    l.startsWith(
                        "refused MQTT publish to topic " + allowed + " by arrays from 127.0.0.1:")),
        String.join("\n", refusals));
    assertTrue(
        refusals.stream()
            .anyMatch(
                l ->
                    l.startsWith(
                            "refused STOMP subscribe to topic ActiveMQ.Advisory.Connection by boss")
                        && l.endsWith(
                            "advisories are offered over OpenWire only; connection closed")),
        String.join("\n", refusals));
  }

  @Test
  void aRefusedMqttSubscribeOrPublishIsLoggedOnceAndAPublishIsNeverAcknowledged() throws Exception {
    int port = Integer.parseInt(port(running.runtime.broker().mqttUrl()));
    try (LogCapture log = new LogCapture();
        RawMqtt mqtt = new RawMqtt(port)) {
      assertEquals(0, mqtt.connect("raw-arrays", "arrays", "arrays"));
      int before = warnings(log).size();
      assertEquals(0x80, mqtt.subscribe(1, TopicNames.mqttTopic(forbidden)), "SUBACK: failure");
      List<ILoggingEvent> subscribe = warnings(log).subList(before, warnings(log).size());
      assertEquals(1, subscribe.size(), log.dump());
      assertEquals(
          "refused MQTT subscribe to topic " + forbidden + " by arrays",
          subscribe.get(0).getFormattedMessage().replaceAll(" from .*", ""));

      int afterSubscribe = warnings(log).size();
      mqtt.publish(2, TopicNames.mqttTopic(allowed), "secret-payload-5d2".getBytes());
      List<Integer> answered = mqtt.untilClosed();
      assertFalse(answered.contains(RawMqtt.PUBACK), "a refused publish was acknowledged");
      List<ILoggingEvent> publish = warnings(log).subList(afterSubscribe, warnings(log).size());
      assertEquals(1, publish.size(), log.dump());
      assertTrue(
          publish.get(0).getFormattedMessage().endsWith("not authorized; connection closed"),
          log.dump());
      assertFalse(log.dump().contains("secret-payload"), log.dump());
      assertTrue(log.events().stream().allMatch(e -> e.getThrowableProxy() == null), log.dump());
    }
  }

  static List<ILoggingEvent> warnings(LogCapture log) {
    return log.events().stream().filter(e -> e.getLevel().isGreaterOrEqual(Level.WARN)).toList();
  }

  static List<String> fieldNames(JsonNode object) {
    List<String> names = new ArrayList<>();
    object.fieldNames().forEachRemaining(names::add);
    return names;
  }

  static void assumePython() throws Exception {
    assumeTrue(Files.isExecutable(Path.of(PYTHON)), "no " + PYTHON);
    Process probe = new ProcessBuilder(PYTHON, "-c", "import stomp, paho.mqtt").start();
    assumeTrue(
        probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0,
        "stomp.py/paho-mqtt missing");
  }

  /**
   * Runs a Python script to its end and returns what it printed on its standard output (the
   * clients' libraries log to standard error, e.g. stomp.py when the broker closes a refused
   * connection, which must not end up inside the script's JSON).
   */
  static String python(String script, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(PYTHON, script));
    command.addAll(List.of(args));
    Path output = Files.createTempFile("broker-python", ".out");
    Path errors = Files.createTempFile("broker-python", ".err");
    Process p =
        new ProcessBuilder(command)
            .redirectOutput(output.toFile())
            .redirectError(errors.toFile())
            .start();
    boolean done = p.waitFor(180, TimeUnit.SECONDS);
    if (!done) {
      p.destroyForcibly();
    }
    String out = Files.readString(output, StandardCharsets.UTF_8);
    String err = Files.readString(errors, StandardCharsets.UTF_8);
    assertTrue(done && p.exitValue() == 0, out + err);
    return out;
  }

  static String port(String url) {
    return url.substring(url.lastIndexOf(':') + 1);
  }
}
