package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.command.ActiveMQTempQueue;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.contract.TopicNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a broker client may cost, with small limits so that they are reached quickly: frames of 16
 * kB from clients, 2 s to log in, 6 connections per address and 8 in all, 3 per user, 5
 * subscriptions (or sessions, producers) per connection. Reaching a limit ends that client's
 * connection; everyone else is served meanwhile.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BrokerLimitsIT {
  static final Duration WAIT = Duration.ofSeconds(20);
  static final int MAX_FRAME = 16 * 1024;

  @TempDir static Path dir;
  static RunningElement running;
  static String allowed;
  static String forbidden;

  @BeforeAll
  static void start() throws Exception {
    Path users = dir.resolve("users.properties");
    Files.writeString(
        users,
        BrokerSecurityIT.user("arrays", "observe:lab/array2500")
            + BrokerSecurityIT.user("observer", "observe:*")
            + BrokerSecurityIT.user(RunningElement.ADMIN, "admin:*"));
    running =
        RunningElement.mockLab(
            "--security.users=" + users,
            "--im.array2500.attribute.vector.period=50ms",
            "--broker.maxFrameBytes=" + MAX_FRAME,
            "--broker.loginTimeout=2s",
            "--broker.maxConnections=8",
            "--broker.maxConnectionsPerAddress=6",
            "--broker.maxConnectionsPerUser=3",
            "--broker.maxConsumersPerConnection=5",
            "--broker.memoryLimit=2%");
    allowed = running.runtime.subscriptions().get("lab/array2500", "vector").topic();
    forbidden = running.runtime.subscriptions().get("lab/scope", "waveform").topic();
    BrokerSecurityIT.eventually(
        () -> running.runtime.publisher().sent(allowed) > 0, "nothing published");
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  /** Each test starts with no client connected (the broker closes connections asynchronously). */
  @BeforeEach
  void noClientConnected() {
    BrokerSecurityIT.eventually(
        () -> running.runtime.broker().clientConnections() == 0, "clients left connected");
  }

  static ActiveMQConnection connect(String user) throws JMSException {
    ActiveMQConnection c =
        (ActiveMQConnection)
            new org.apache.activemq.ActiveMQConnectionFactory(
                    user, user, running.runtime.broker().openWireUrl())
                .createConnection();
    c.setWatchTopicAdvisories(false);
    c.start();
    return c;
  }

  static int port(String url) {
    return Integer.parseInt(BrokerSecurityIT.port(url));
  }

  /** Reads until the broker closes the socket; fails if it stays open for the whole wait. */
  static void assertClosedByBroker(Socket socket, String what) throws IOException {
    socket.setSoTimeout((int) WAIT.toMillis());
    InputStream in = socket.getInputStream();
    try {
      while (in.read() >= 0) {
        // whatever the broker says before closing
      }
    } catch (SocketException reset) {
      // closed too
    } catch (java.net.SocketTimeoutException stillOpen) {
      throw new AssertionError(what + ": still open after " + WAIT);
    }
  }

  @Test
  void theBrokerSendsLargerMessagesThanClientsMaySend() throws Exception {
    // A 2,500-double vector is 20 kB, more than a client may send in a frame.
    try (AttributeSubscriber sub =
        AttributeSubscriber.connect(running.runtime.broker().openWireUrl(), "arrays", "arrays")) {
      java.util.concurrent.CompletableFuture<Integer> length =
          new java.util.concurrent.CompletableFuture<>();
      sub.subscribe(allowed, v -> length.complete(v.doubles().length));
      assertEquals(2500, length.get(WAIT.toSeconds(), java.util.concurrent.TimeUnit.SECONDS));
    }
    if (python()) {
      String out =
          BrokerSecurityIT.python(
              "src/test/python/stomp_mqtt_subscriber.py",
              "localhost",
              BrokerSecurityIT.port(running.runtime.broker().stompUrl()),
              TopicNames.stompDestination(allowed),
              BrokerSecurityIT.port(running.runtime.broker().mqttUrl()),
              TopicNames.mqttTopic(allowed),
              "arrays",
              "arrays");
      com.fasterxml.jackson.databind.JsonNode r =
          new com.fasterxml.jackson.databind.ObjectMapper().readTree(out);
      assertEquals(2500, r.get("stomp").get("doubles").size(), "STOMP");
      assertEquals(2500, r.get("mqtt").get("doubles").size(), "MQTT");
    }
  }

  @Test
  void framesLargerThanTheLimitCloseTheConnectionEvenBeforeLogin() throws Exception {
    try (LogCapture log = new LogCapture()) {
      // OpenWire: a frame starts with its length.
      try (Socket s = new Socket("localhost", port(running.runtime.broker().openWireUrl()))) {
        OutputStream out = s.getOutputStream();
        out.write(new byte[] {0, 0, (byte) 0x42, 0x68}); // 17,000 bytes
        out.write(new byte[64]);
        out.flush();
        assertClosedByBroker(s, "OpenWire");
      }
      // MQTT: a CONNECT that declares 17,000 bytes.
      try (RawMqtt mqtt = new RawMqtt(port(running.runtime.broker().mqttUrl()))) {
        mqtt.sendHeaderOfFrame(0x10, 17_000);
        assertEquals(List.of(), mqtt.untilClosed(), "MQTT");
      }
      // STOMP: no length to declare, but a CONNECT of 40 headers of 1 kB each is too long.
      try (Socket s = new Socket("localhost", port(running.runtime.broker().stompUrl()))) {
        OutputStream out = s.getOutputStream();
        out.write("CONNECT\naccept-version:1.2\n".getBytes(StandardCharsets.US_ASCII));
        String value = "v".repeat(1000);
        for (int i = 0; i < 40; i++) {
          out.write(("x-header-" + i + ":" + value + "\n").getBytes(StandardCharsets.US_ASCII));
        }
        out.write("\n\0".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        assertClosedByBroker(s, "STOMP headers");
      }
      List<String> refusals = log.refusals();
      for (String protocol : List.of("OpenWire", "MQTT", "STOMP")) {
        assertTrue(
            refusals.stream()
                .anyMatch(
                    l ->
                        l.startsWith("refused " + protocol + " frame by (no user) from 127.0.0.1:")
                            && l.endsWith("(the limit is " + MAX_FRAME + "); connection closed")),
            protocol + "\n" + log.dump());
      }
    }
    // STOMP after login: a body longer than the limit is refused before it is read.
    try (Socket s = new Socket("localhost", port(running.runtime.broker().stompUrl()))) {
      OutputStream out = s.getOutputStream();
      out.write(
          ("CONNECT\naccept-version:1.2\nhost:localhost\nlogin:arrays\npasscode:arrays\n\n\0"
                  + "SEND\ndestination:/topic/anything\ncontent-length:100000\n\n")
              .getBytes(StandardCharsets.US_ASCII));
      out.flush();
      assertClosedByBroker(s, "STOMP body");
    }
    // Everyone else is still served.
    try (ActiveMQConnection c = connect("arrays")) {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      assertNotNull(s.createConsumer(s.createTopic(allowed)).receive(WAIT.toMillis()));
    }
  }

  @Test
  void connectionsThatDoNotLogInAreClosed() throws Exception {
    for (String url :
        List.of(
            running.runtime.broker().openWireUrl(),
            running.runtime.broker().stompUrl(),
            running.runtime.broker().mqttUrl())) {
      try (Socket s = new Socket("localhost", port(url))) {
        assertClosedByBroker(s, url + " without a word");
      }
    }
    // An OpenWire client that negotiated its wire format but never logs in.
    ActiveMQConnection idle =
        (ActiveMQConnection)
            new org.apache.activemq.ActiveMQConnectionFactory(
                    running.runtime.broker().openWireUrl())
                .createConnection();
    try {
      BrokerSecurityIT.eventually(idle::isTransportFailed, "an idle OpenWire client closed");
    } finally {
      BrokerSecurityIT.closeQuietly(idle);
    }
  }

  @Test
  void connectionsAreBoundedPerUserPerAddressAndInAll() throws Exception {
    List<ActiveMQConnection> open = new ArrayList<>();
    List<Socket> sockets = new ArrayList<>();
    try (LogCapture log = new LogCapture()) {
      for (int i = 0; i < 3; i++) {
        open.add(connect("arrays"));
      }
      JMSSecurityException perUser =
          assertThrows(JMSSecurityException.class, () -> connect("arrays"));
      assertEquals("Too many connections for this user.", perUser.getMessage());
      BrokerSecurityIT.eventually(
          () -> running.runtime.broker().clientConnections() == 3, "the refused one closed");
      for (int i = 0; i < 3; i++) {
        open.add(connect("observer"));
      }
      // Six from this address: a seventh socket is closed before anything is read from it.
      try (Socket seventh = new Socket("localhost", port(running.runtime.broker().stompUrl()))) {
        assertClosedByBroker(seventh, "the seventh connection from one address");
      }
      assertTrue(
          log.refusals().stream()
              .anyMatch(l -> l.contains("this address has 6 connections to the broker already")),
          log.dump());

      // Eight in all: two more from another address fit, a third does not.
      InetAddress other = InetAddress.getByName("127.0.0.2");
      for (int i = 0; i < 3; i++) {
        Socket s = new Socket();
        try {
          s.bind(new InetSocketAddress(other, 0));
        } catch (IOException noSecondLoopbackAddress) {
          s.close();
          assumeTrue(false, "cannot connect from 127.0.0.2 here");
        }
        s.connect(new InetSocketAddress("localhost", port(running.runtime.broker().mqttUrl())));
        sockets.add(s);
      }
      assertClosedByBroker(sockets.get(2), "the ninth connection");
      assertTrue(
          log.refusals().stream()
              .anyMatch(
                  l ->
                      l.contains("from 127.0.0.2:")
                          && l.endsWith("the broker has 8 client connections already")),
          log.dump());
    } finally {
      for (Socket s : sockets) {
        s.close();
      }
      open.forEach(BrokerSecurityIT::closeQuietly);
    }
  }

  @Test
  void subscriptionsAndSessionsPerConnectionAreBoundedRefusedOnesIncluded() throws Exception {
    ActiveMQConnection c = connect("arrays");
    try {
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      for (int i = 0; i < 5; i++) {
        s.createConsumer(s.createTopic(allowed));
      }
      JMSSecurityException sixth =
          assertThrows(JMSSecurityException.class, () -> s.createConsumer(s.createTopic(allowed)));
      assertEquals(
          "Refused to subscribe to topic "
              + allowed
              + ": more than 5 subscriptions on one connection; the connection is closed.",
          sixth.getMessage());
      BrokerSecurityIT.eventually(c::isTransportFailed, "closed at the sixth subscription");
    } finally {
      BrokerSecurityIT.closeQuietly(c);
    }
    ActiveMQConnection d = connect("arrays");
    try {
      Session s = d.createSession(false, Session.AUTO_ACKNOWLEDGE);
      for (int i = 0; i < 5; i++) {
        assertThrows(JMSSecurityException.class, () -> s.createConsumer(s.createTopic(forbidden)));
      }
      assertThrows(JMSSecurityException.class, () -> s.createConsumer(s.createTopic(allowed)));
      BrokerSecurityIT.eventually(d::isTransportFailed, "refused subscriptions count too");
    } finally {
      BrokerSecurityIT.closeQuietly(d);
    }
    ActiveMQConnection e = connect("arrays");
    try {
      for (int i = 0; i < 6; i++) {
        e.createSession(false, Session.AUTO_ACKNOWLEDGE); // sent without waiting for an answer
      }
      BrokerSecurityIT.eventually(e::isTransportFailed, "closed at the sixth session");
    } catch (JMSException closedAlready) {
      // the broker was quicker than the loop
    } finally {
      BrokerSecurityIT.closeQuietly(e);
    }
  }

  @Test
  void anAdministratorsTemporaryQueueHoldsATenthOfTheBrokersMemoryThenItsSenderIsRefused()
      throws Exception {
    long queueLimit = running.runtime.config().broker().limits().memoryLimitBytes() / 10;
    byte[] payload = new byte[MAX_FRAME - 1024];
    long enough = 2 * queueLimit / payload.length + 100;
    ActiveMQConnection c = connect(RunningElement.ADMIN);
    try {
      c.setAlwaysSyncSend(true);
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      MessageProducer p = s.createProducer(s.createTemporaryQueue());
      p.setDeliveryMode(jakarta.jms.DeliveryMode.NON_PERSISTENT);
      long sentBefore = running.runtime.publisher().sent(allowed);
      assertThrows(
          jakarta.jms.ResourceAllocationException.class,
          () -> {
            for (long i = 0; i < enough; i++) {
              BytesMessage m = s.createBytesMessage();
              m.writeBytes(payload);
              p.send(m);
            }
          });
      BrokerSecurityIT.eventually(
          () -> running.runtime.publisher().sent(allowed) > sentBefore + 5,
          "publishing continues with the queue full");
    } finally {
      BrokerSecurityIT.closeQuietly(c);
    }
  }

  /** Last: its refusals use up what the refusal log may write for a while. */
  @Test
  @Order(Integer.MAX_VALUE)
  void aTemporaryQueueFloodByAnObserverLeavesTheElementHealthy() throws Exception {
    AtomicLong received = new AtomicLong();
    try (AttributeSubscriber sub =
        AttributeSubscriber.connect(running.runtime.broker().openWireUrl(), "arrays", "arrays")) {
      sub.subscribe(allowed, v -> received.incrementAndGet());
      BrokerSecurityIT.eventually(() -> received.get() > 0, "a first value");

      // Two observers try for three seconds what used to exhaust the heap: a temporary queue
      // filled with large messages as fast as they can be sent.
      ExecutorService flood = Executors.newFixedThreadPool(3);
      AtomicInteger attempts = new AtomicInteger();
      long until = System.nanoTime() + Duration.ofSeconds(3).toNanos();
      List<Future<?>> floods = new ArrayList<>();
      for (int t = 0; t < 2; t++) {
        floods.add(flood.submit(() -> openWireFlood(until, attempts)));
      }
      floods.add(flood.submit(() -> stompFlood(until, attempts)));

      // Meanwhile, and after: samples flow, SOAP and readiness answer.
      long sentBefore = running.runtime.publisher().sent(allowed);
      long receivedBefore = received.get();
      InstrumentElementPort soap = running.client();
      GetAttribute g = new GetAttribute();
      g.setIm("lab/array2500");
      g.setAttribute("vector");
      String base = running.url().replace("/services/InstrumentElement", "");
      HttpClient http = HttpClient.newHttpClient();
      while (System.nanoTime() < until) {
        assertNotNull(soap.getAttribute(g).getValue(), "SOAP answers during the flood");
        assertEquals(200, ready(http, base), "ready during the flood");
      }
      for (Future<?> f : floods) {
        f.get();
      }
      flood.shutdown();
      assertTrue(attempts.get() > 3, "flood attempts: " + attempts.get());
      BrokerSecurityIT.eventually(
          () ->
              running.runtime.publisher().sent(allowed) > sentBefore + 20
                  && received.get() > receivedBefore + 20,
          "publishing to subscribers continues");
      assertEquals(200, ready(http, base));
      assertNotNull(soap.getAttribute(g).getValue());
    }
    if (python()) {
      BrokerSecurityIT.eventually(
          () -> running.runtime.broker().clientConnections() == 0, "the flood's connections gone");
      String out =
          BrokerSecurityIT.python(
              "src/test/python/stomp_mqtt_subscriber.py",
              "localhost",
              BrokerSecurityIT.port(running.runtime.broker().stompUrl()),
              TopicNames.stompDestination(allowed),
              BrokerSecurityIT.port(running.runtime.broker().mqttUrl()),
              TopicNames.mqttTopic(allowed),
              "arrays",
              "arrays");
      assertTrue(out.contains("\"stomp\"") && out.contains("\"mqtt\""), "after the flood: " + out);
    }
  }

  static int ready(HttpClient http, String base) throws Exception {
    return http.send(
            HttpRequest.newBuilder(URI.create(base + "/health/ready")).build(),
            HttpResponse.BodyHandlers.discarding())
        .statusCode();
  }

  /** Creates temporary queues and sends 15 kB messages into them until refused, again and again. */
  static Void openWireFlood(long until, AtomicInteger attempts) throws Exception {
    byte[] payload = new byte[15 * 1024];
    while (System.nanoTime() < until) {
      attempts.incrementAndGet();
      ActiveMQConnection c;
      try {
        c = connect("observer");
      } catch (JMSException overTheLimits) {
        continue; // the connections just closed are not all gone yet
      }
      c.setAlwaysSyncSend(false);
      try {
        Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
        assertThrows(JMSSecurityException.class, s::createTemporaryQueue);
        MessageProducer p = s.createProducer(null);
        p.setDeliveryMode(jakarta.jms.DeliveryMode.NON_PERSISTENT);
        for (int i = 0; i < 1000 && !c.isTransportFailed(); i++) {
          BytesMessage m = s.createBytesMessage();
          m.writeBytes(payload);
          p.send(new ActiveMQTempQueue("ID:flood-" + i + ":1:1"), m);
        }
      } catch (JMSException closedByTheBroker) {
        // expected: the first refused send ends the connection
      } finally {
        BrokerSecurityIT.closeQuietly(c);
      }
    }
    return null;
  }

  /** The same over STOMP: sends to a temporary queue until the connection is closed. */
  static Void stompFlood(long until, AtomicInteger attempts) throws Exception {
    byte[] body = new byte[15 * 1024];
    while (System.nanoTime() < until) {
      attempts.incrementAndGet();
      try (Socket s = new Socket("localhost", port(running.runtime.broker().stompUrl()))) {
        OutputStream out = s.getOutputStream();
        out.write(
            "CONNECT\naccept-version:1.2\nhost:localhost\nlogin:observer\npasscode:observer\n\n\0"
                .getBytes(StandardCharsets.US_ASCII));
        byte[] header =
            ("SEND\ndestination:/temp-queue/flood\ncontent-length:" + body.length + "\n\n")
                .getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < 1000; i++) {
          out.write(header);
          out.write(body);
          out.write(0);
        }
        out.flush();
      } catch (IOException closedByTheBroker) {
        // expected
      }
    }
    return null;
  }

  static boolean python() throws Exception {
    Path python = Path.of(BrokerSecurityIT.PYTHON);
    if (!Files.isExecutable(python)) {
      return false;
    }
    Process probe = new ProcessBuilder(python.toString(), "-c", "import stomp, paho.mqtt").start();
    return probe.waitFor(30, java.util.concurrent.TimeUnit.SECONDS) && probe.exitValue() == 0;
  }
}
