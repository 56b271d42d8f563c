package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.jms.Connection;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.Session;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.client.subscription.SubscriptionListener;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.pubsub.TopicNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded broker applies the same users and grants on every transport: OpenWire (the Java
 * client), STOMP and MQTT (Python clients, skipped where their Debian packages are missing).
 */
class BrokerSecurityIT {
  @TempDir static Path dir;
  static RunningElement running;
  static String allowed;
  static String forbidden;

  @BeforeAll
  static void start() throws Exception {
    Path users = dir.resolve("users.properties");
    Files.writeString(
        users,
        "user.arrays.password = "
            + PasswordHash.hash("arrays".toCharArray(), 1000)
            + "\nuser.arrays.grants = observe:lab/array2500\n");
    running =
        RunningElement.of(
            RunningElement.freePorts(
                ConfigLoader.load(
                    List.of(
                        "--security.users=" + users, "--im.array2500.attribute.vector.period=50ms"),
                    Map.of())));
    allowed = running.runtime.subscriptions().get("lab/array2500", "vector").topic();
    forbidden = running.runtime.subscriptions().get("lab/scope", "waveform").topic();
    // Both topics exist (and hold a last value) before anyone subscribes.
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (running.runtime.publisher().sent(allowed) == 0
        || running.runtime.publisher().sent(forbidden) == 0) {
      assertTrue(System.nanoTime() < deadline, "nothing published");
      Thread.onSpinWait();
    }
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  static ActiveMQConnectionFactory factory(String user, String password) {
    ActiveMQConnectionFactory cf =
        new ActiveMQConnectionFactory(running.runtime.broker().openWireUrl());
    cf.setUserName(user);
    cf.setPassword(password);
    cf.setWatchTopicAdvisories(false);
    cf.setAlwaysSyncSend(true);
    return cf;
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
    try (Connection c = factory("arrays", "arrays").createConnection()) {
      c.start();
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      assertThrows(
          JMSSecurityException.class,
          () -> s.createProducer(s.createTopic(allowed)).send(s.createBytesMessage()),
          "only the Instrument Element publishes");
      assertThrows(JMSSecurityException.class, () -> s.createConsumer(s.createQueue("anything")));
    }
  }

  @Test
  void stompAndMqttApplyTheSameRules() throws Exception {
    String python = "/usr/bin/python3";
    assumeTrue(Files.isExecutable(Path.of(python)), "no " + python);
    Process probe = new ProcessBuilder(python, "-c", "import stomp, paho.mqtt").start();
    assumeTrue(
        probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0,
        "stomp.py/paho-mqtt missing");
    Path output = Files.createTempFile("broker-access", ".json");
    Process p =
        new ProcessBuilder(
                python,
                "src/test/python/broker_access.py",
                "localhost",
                port(running.runtime.broker().stompUrl()),
                port(running.runtime.broker().mqttUrl()),
                "arrays",
                "arrays",
                TopicNames.stompDestination(allowed),
                TopicNames.stompDestination(forbidden),
                TopicNames.mqttTopic(allowed),
                TopicNames.mqttTopic(forbidden))
            .redirectErrorStream(true)
            .redirectOutput(output.toFile())
            .start();
    boolean done = p.waitFor(180, TimeUnit.SECONDS);
    if (!done) {
      p.destroyForcibly();
    }
    String out = Files.readString(output, StandardCharsets.UTF_8);
    assertTrue(done && p.exitValue() == 0, out);
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

  static String port(String url) {
    return url.substring(url.lastIndexOf(':') + 1);
  }
}
