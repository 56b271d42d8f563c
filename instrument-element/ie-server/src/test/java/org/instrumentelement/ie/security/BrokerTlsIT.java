package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.jms.JMSException;
import jakarta.jms.JMSSecurityException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.client.subscription.SubscriptionListener;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.pubsub.EmbeddedBroker;
import org.instrumentelement.ie.pubsub.transport.ClientProtocol;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The embedded broker with the IE's key: OpenWire, STOMP and MQTT over TLS with real clients (the
 * Java subscriber library, stomp.py, paho-mqtt), plain connectors on the loopback interface only,
 * clear errors for clients that do not trust the key or speak plain TCP to a TLS port, and the
 * broker's limits in force on the TLS connectors as on the plain ones (on an IE of their own with
 * small limits, so that slow clients elsewhere are not cut off by them).
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class BrokerTlsIT {
  static final Duration WAIT = Duration.ofSeconds(30);
  static final int MAX_FRAME = 16 * 1024;

  @TempDir static Path dir;
  static TestCertificates certificates;
  static RunningElement running;
  static InstrumentElementPort soap;

  @BeforeAll
  static void start() throws Exception {
    certificates = TestCertificates.make(dir);
    Path users = dir.resolve("users.properties");
    Files.writeString(
        users,
        BrokerSecurityIT.user("observer", "observe:*")
            + BrokerSecurityIT.user(RunningElement.ADMIN, "admin:*"));
    running =
        RunningElement.mockLab(
            "--security.users=" + users,
            "--http.tls.keystore=" + certificates.keystore(),
            "--http.tls.keystorePassword=" + TestCertificates.PASSWORD,
            "--im.array2500.attribute.vector.period=50ms");
    soap =
        InstrumentElementClient.connect(
            running.url(),
            InstrumentElementClient.Options.DEFAULTS
                .withCredentials("observer", "observer")
                .withTrustStore(certificates.trustStore(), TestCertificates.PASSWORD));
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  @BeforeEach
  void noClientConnected() {
    BrokerSecurityIT.eventually(
        () -> running.runtime.broker().clientConnections() == 0, "clients left connected");
  }

  static SubscriptionInfo info(String im, String attribute) throws Exception {
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm(im);
    q.setAttribute(attribute);
    return soap.getSubscriptionInfo(q).getSubscription();
  }

  static int port(String url) {
    return Integer.parseInt(BrokerSecurityIT.port(url));
  }

  static AttributeSubscriber.Options trusting() {
    return AttributeSubscriber.Options.DEFAULTS
        .withCredentials("observer", "observer")
        .withTrustStore(certificates.trustStore(), TestCertificates.PASSWORD);
  }

  /** Subscribes and waits for a 2,500-double vector. */
  static void receivesAVector(AttributeSubscriber sub) throws Exception {
    CountDownLatch got = new CountDownLatch(1);
    sub.subscribe(
        soap,
        "lab/array2500",
        "vector",
        new SubscriptionListener() {
          @Override
          public void onValue(SampledValue v) {
            if (v.doubles().length == 2500) {
              got.countDown();
            }
          }
        });
    assertTrue(got.await(WAIT.toSeconds(), TimeUnit.SECONDS), "no vector over TLS");
  }

  @Test
  void subscribersOverEveryTlsTransportReceiveValues() throws Exception {
    SubscriptionInfo info = info("lab/array2500", "vector");
    assertTrue(info.getBrokerUrl().startsWith("ssl://localhost:"), info.getBrokerUrl());
    assertTrue(info.getStompUrl().startsWith("stomp+ssl://localhost:"), info.getStompUrl());
    assertTrue(info.getMqttUrl().startsWith("mqtt+ssl://localhost:"), info.getMqttUrl());

    try (AttributeSubscriber sub = AttributeSubscriber.connect(info.getBrokerUrl(), trusting())) {
      receivesAVector(sub);
    }

    BrokerSecurityIT.assumePython();
    String out =
        BrokerSecurityIT.python(
            "src/test/python/stomp_mqtt_subscriber.py",
            "localhost",
            Integer.toString(port(info.getStompUrl())),
            info.getStompDestination(),
            Integer.toString(port(info.getMqttUrl())),
            info.getMqttTopic(),
            "observer",
            "observer",
            certificates.pem().toString());
    assertEquals(2500, doubles(out, "stomp"), out);
    assertEquals(2500, doubles(out, "mqtt"), out);
  }

  /** How many doubles one section of the Python script's JSON line has. */
  static int doubles(String json, String section) {
    Matcher m =
        Pattern.compile("\"" + section + "\": \\{[^}]*?\"doubles\": \\[([^\\]]*)\\]").matcher(json);
    assertTrue(m.find(), "no " + section + " doubles in " + json);
    return m.group(1).split(",").length;
  }

  @Test
  void aKeystoreThatCannotBeUsedStopsTheStartInPlainWords() throws Exception {
    Path missing = dir.resolve("missing.p12");
    for (String[] c :
        new String[][] {
          {certificates.keystore().toString(), "wrong", " cannot be read: wrong password"},
          {missing.toString(), TestCertificates.PASSWORD, " does not exist"}
        }) {
      ConfigException e =
          assertThrows(
              ConfigException.class,
              () ->
                  RunningElement.mockLab(
                      "--ie.name=badkey",
                      "--http.tls.keystore=" + c[0],
                      "--http.tls.keystorePassword=" + c[1]));
      assertTrue(e.getMessage().startsWith("http.tls.keystore " + c[0] + c[2]), e.getMessage());
    }
  }

  @Test
  void aPlainClientOnATlsPortFails() throws Exception {
    int tlsPort = port(running.runtime.broker().tlsUrl(ClientProtocol.OPENWIRE));
    try (LogCapture log = new LogCapture()) {
      ActiveMQConnectionFactory plain =
          new ActiveMQConnectionFactory(
              "observer", "observer", "tcp://localhost:" + tlsPort + "?soTimeout=20000");
      plain.setWatchTopicAdvisories(false);
      assertThrows(JMSException.class, () -> plain.createConnection().start());
      BrokerSecurityIT.eventually(
          () ->
              log.refusals().stream()
                  .anyMatch(
                      l ->
                          l.startsWith("refused OpenWire over TLS connection")
                              && l.contains("not a TLS handshake")),
          "no refusal line for the plain client: " + log.dump());
    }
  }

  @Test
  void aClientThatDoesNotTrustTheKeyGetsAClearError() throws Exception {
    String url = info("lab/array2500", "vector").getBrokerUrl();
    AttributeSubscriber.Options noTrust =
        AttributeSubscriber.Options.DEFAULTS.withCredentials("observer", "observer");
    JMSSecurityException none =
        assertThrows(JMSSecurityException.class, () -> AttributeSubscriber.connect(url, noTrust));
    assertPlain(none);
    assertTrue(
        none.getMessage().contains("does not trust")
            && none.getMessage().contains("No trust store was given")
            && none.getMessage().contains("CN=localhost"),
        none.getMessage());

    Path other = certificates.otherTrustStore("stranger-ca");
    JMSSecurityException wrong =
        assertThrows(
            JMSSecurityException.class,
            () ->
                AttributeSubscriber.connect(
                    url, noTrust.withTrustStore(other, TestCertificates.PASSWORD)));
    assertPlain(wrong);
    assertTrue(
        wrong.getMessage().contains("The trust store " + other + " does not include it"),
        wrong.getMessage());

    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                AttributeSubscriber.connect(
                    url, noTrust.withTrustStore(dir.resolve("nowhere.p12"), "changeit")));
    assertEquals(
        "the trust store " + dir.resolve("nowhere.p12") + " does not exist", missing.getMessage());
    IllegalArgumentException password =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                AttributeSubscriber.connect(
                    url, noTrust.withTrustStore(certificates.trustStore(), "wrong")));
    assertTrue(password.getMessage().contains("wrong password"), password.getMessage());

    // The SOAP client, too, refuses an endpoint whose key it does not trust.
    InstrumentElementPort untrusting =
        InstrumentElementClient.connect(running.url(), "observer", "observer");
    assertThrows(
        RuntimeException.class,
        () ->
            untrusting.listInstrumentManagers(
                new org.instrumentelement.ie.client.soap.ListInstrumentManagers()));
  }

  /** The IE's words only: no handshake exception behind it, no JDK internals in the text. */
  static void assertPlain(JMSException e) {
    assertNull(e.getCause(), "a cause behind: " + e.getCause());
    assertNull(e.getLinkedException());
    for (String internal : List.of("SSLHandshakeException", "PKIX", "sun.security", "Exception")) {
      assertFalse(e.getMessage().contains(internal), e.getMessage());
    }
  }

  @Test
  void plainConnectorsListenOnTheLoopbackInterfaceOnly() throws Exception {
    Path users = dir.resolve("users.properties");
    try (RunningElement everywhere =
        RunningElement.mockLab(
            "--security.users=" + users,
            "--http.tls.keystore=" + certificates.keystore(),
            "--http.tls.keystorePassword=" + TestCertificates.PASSWORD,
            "--ie.name=everywhere",
            "--broker.host=0.0.0.0",
            "--portal.contextPath=off")) {
      EmbeddedBroker broker = everywhere.runtime.broker();
      assertEquals("localhost", broker.plainHost());
      for (ClientProtocol p : ClientProtocol.values()) {
        assertTrue(broker.plainUrl(p).contains("://localhost:"), broker.plainUrl(p));
        assertTrue(broker.tlsUrl(p).startsWith(p.scheme(true) + "://"), broker.tlsUrl(p));
      }
      // 127.0.0.2 is this machine too, but the certificate names localhost and 127.0.0.1 only.
      String otherName = broker.tlsUrl(ClientProtocol.OPENWIRE).replace("localhost", "127.0.0.2");
      JMSSecurityException name =
          assertThrows(
              JMSSecurityException.class, () -> AttributeSubscriber.connect(otherName, trusting()));
      assertPlain(name);
      assertTrue(
          name.getMessage().contains("is not made out for '127.0.0.2'")
              && name.getMessage().contains("localhost, 127.0.0.1"),
          name.getMessage());

      InetAddress external = nonLoopbackAddress();
      assumeTrue(external != null, "this machine has no address but loopback");
      int plain = port(broker.plainUrl(ClientProtocol.OPENWIRE));
      int tls = port(broker.tlsUrl(ClientProtocol.OPENWIRE));
      try (Socket s = new Socket()) {
        s.connect(new InetSocketAddress(external, tls), 5000);
      }
      assertThrows(
          IOException.class,
          () -> {
            try (Socket s = new Socket()) {
              s.connect(new InetSocketAddress(external, plain), 5000);
            }
          },
          "the plain port answers on " + external);
    }
    try (RunningElement off =
        RunningElement.mockLab(
            "--security.users=" + users,
            "--http.tls.keystore=" + certificates.keystore(),
            "--http.tls.keystorePassword=" + TestCertificates.PASSWORD,
            "--ie.name=tlsonly",
            "--broker.plain=off",
            "--portal.contextPath=off")) {
      for (ClientProtocol p : ClientProtocol.values()) {
        assertNull(off.runtime.broker().plainUrl(p));
        assertEquals(off.runtime.broker().tlsUrl(p), off.runtime.broker().url(p));
      }
    }
  }

  private static InetAddress nonLoopbackAddress() throws SocketException {
    for (NetworkInterface i : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (!i.isUp() || i.isLoopback()) {
        continue;
      }
      for (InetAddress a : Collections.list(i.getInetAddresses())) {
        if (a instanceof java.net.Inet4Address && !a.isLoopbackAddress()) {
          return a;
        }
      }
    }
    return null;
  }

  /** A TLS socket to a port of the broker that trusts the IE's key, handshake done. */
  static SSLSocket tlsSocket(int port) throws Exception {
    SSLContext ctx =
        ClientTls.DEFAULTS
            .withTrustStore(certificates.trustStore(), TestCertificates.PASSWORD)
            .context();
    SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket("localhost", port);
    s.setSoTimeout((int) WAIT.toMillis());
    s.startHandshake();
    return s;
  }

  @Test
  void theBrokerLimitsHoldOnTheTlsConnectorsToo() throws Exception {
    try (RunningElement strict =
        RunningElement.mockLab(
            "--ie.name=strict",
            "--security.users=" + dir.resolve("users.properties"),
            "--http.tls.keystore=" + certificates.keystore(),
            "--http.tls.keystorePassword=" + TestCertificates.PASSWORD,
            "--portal.contextPath=off",
            "--sampling.period=off",
            "--broker.maxFrameBytes=" + MAX_FRAME,
            "--broker.loginTimeout=3s",
            "--broker.maxConnectionsPerAddress=4")) {
      limitsHold(strict.runtime.broker());
    }
  }

  private static void limitsHold(EmbeddedBroker broker) throws Exception {
    int openWire = port(broker.tlsUrl(ClientProtocol.OPENWIRE));
    int mqtt = port(broker.tlsUrl(ClientProtocol.MQTT));
    try (LogCapture log = new LogCapture()) {
      // A frame that declares more than the limit is refused before anything is allocated.
      try (SSLSocket s = tlsSocket(openWire)) {
        OutputStream out = s.getOutputStream();
        out.write(new byte[] {0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff, 1});
        out.flush();
        BrokerLimitsIT.assertClosedByBroker(s, "an oversized OpenWire frame over TLS");
      }
      // MQTT: a CONNECT whose remaining length is 20 kB.
      try (SSLSocket s = tlsSocket(mqtt)) {
        OutputStream out = s.getOutputStream();
        out.write(new byte[] {0x10, (byte) 0xa0, (byte) 0x9c, 0x01});
        out.flush();
        BrokerLimitsIT.assertClosedByBroker(s, "an oversized MQTT frame over TLS");
      }
      BrokerSecurityIT.eventually(
          () -> log.refusals().stream().filter(l -> l.contains(" frame ")).count() >= 2,
          "no refusal lines for the frames: " + log.dump());

      // A connection that handshakes and never logs in is closed after broker.loginTimeout.
      try (SSLSocket s = tlsSocket(mqtt)) {
        BrokerLimitsIT.assertClosedByBroker(s, "a silent TLS client");
      }
      // One that never even starts the handshake is closed too.
      try (Socket s = new Socket("localhost", openWire)) {
        BrokerLimitsIT.assertClosedByBroker(s, "a client that never handshakes");
      }
      BrokerSecurityIT.eventually(
          () ->
              log.refusals().stream()
                  .anyMatch(l -> l.contains("no TLS handshake within the login timeout")),
          "no refusal line for the silent socket: " + log.dump());
    }

    // Connections per address count TLS sockets from the moment they are accepted (before the
    // handshake); the fifth from this address is closed at once.
    BrokerSecurityIT.eventually(() -> broker.clientConnections() == 0, "clients left connected");
    List<Socket> held = new ArrayList<>();
    try (LogCapture log = new LogCapture()) {
      for (int i = 0; i < 4; i++) {
        held.add(new Socket("localhost", openWire));
      }
      BrokerSecurityIT.eventually(() -> broker.clientConnections() == 4, "4 connections");
      try (Socket fifth = new Socket("localhost", openWire)) {
        BrokerLimitsIT.assertClosedByBroker(fifth, "the fifth connection from one address");
      }
      BrokerSecurityIT.eventually(
          () ->
              log.refusals().stream()
                  .anyMatch(l -> l.contains("this address has 4 connections to the broker")),
          "no refusal line for the fifth connection: " + log.dump());
    } finally {
      for (Socket s : held) {
        s.close();
      }
    }
  }
}
