package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.ie.security.TestCertificates;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Instrument Element publishes to a broker running in another process. */
class ExternalBrokerIT {
  static final Duration WAIT = Duration.ofSeconds(60);

  /** Starts a {@link StandaloneBroker} with these arguments and returns it with its port. */
  static Process standalone(int[] port, String... args) throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd =
        new ArrayList<>(
            List.of(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                StandaloneBroker.class.getName()));
    cmd.addAll(List.of(args));
    Process broker = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(broker.getInputStream(), StandardCharsets.UTF_8));
    port[0] = -1;
    StringBuilder seen = new StringBuilder();
    for (String line = out.readLine(); line != null; line = out.readLine()) {
      if (line.startsWith("READY ")) {
        port[0] = Integer.parseInt(line.substring(6).trim());
        break;
      }
      seen.append(line).append('\n');
    }
    assertTrue(port[0] > 0, "the external broker did not start: " + seen);
    return broker;
  }

  static void stop(Process broker) throws Exception {
    broker.getOutputStream().close();
    if (!broker.waitFor(20, TimeUnit.SECONDS)) {
      broker.destroyForcibly();
    }
  }

  @Test
  void publishesToASeparatelyStartedBroker() throws Exception {
    int[] port = new int[1];
    Process broker = standalone(port);
    try {
      String url = "tcp://127.0.0.1:" + port[0];
      try (RunningElement running =
          RunningElement.mockLab(
              "--broker.url=" + url, "--im.array2500.attribute.vector.period=20ms")) {
        assertNull(running.runtime.broker(), "no embedded broker");
        InstrumentElementPort ie = running.client();
        GetSubscriptionInfo q = new GetSubscriptionInfo();
        q.setIm("lab/array2500");
        q.setAttribute("vector");
        SubscriptionInfo info = ie.getSubscriptionInfo(q).getSubscription();
        assertEquals(url, info.getBrokerUrl());
        assertNull(info.getSubscribers(), "the IE cannot count subscribers on an external broker");
        try (AttributeSubscriber sub = AttributeSubscriber.connect(info.getBrokerUrl())) {
          Collector c = new Collector();
          sub.subscribe(ie, "lab/array2500", "vector", c);
          c.awaitCount(10, WAIT);
          assertEquals(2500, c.last().doubles().length);
        }
      }
    } finally {
      stop(broker);
    }
  }

  /** A TLS 1.2 handshake offering one cipher suite; returns the suite agreed. */
  static String handshake(TestCertificates certificates, int port, String suite) throws Exception {
    SSLContext ctx =
        ClientTls.DEFAULTS
            .withTrustStore(certificates.trustStore(), TestCertificates.PASSWORD)
            .context();
    try (SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket("localhost", port)) {
      s.setSoTimeout(20_000);
      s.setEnabledProtocols(new String[] {"TLSv1.2"});
      s.setEnabledCipherSuites(new String[] {suite});
      s.startHandshake();
      return s.getSession().getCipherSuite();
    }
  }

  /** The {@code ssl} connector line of the activemq.xml shown in docs/security.md. */
  static String documentedTlsConnector() throws Exception {
    String doc =
        Files.readString(Path.of("..", "..", "docs", "security.md"), StandardCharsets.UTF_8);
    Matcher m = Pattern.compile("<transportConnector name=\"ssl\" uri=\"([^\"]+)\"").matcher(doc);
    assertTrue(m.find(), "docs/security.md shows no ssl transportConnector");
    return m.group(1).replace("&amp;", "&");
  }

  @Test
  void publishesToAnExternalBrokerOverTls(@TempDir Path dir) throws Exception {
    TestCertificates certificates = TestCertificates.make(dir);
    String connector = documentedTlsConnector().replace("0.0.0.0:61617", "localhost:0");
    int[] port = new int[1];
    Process broker =
        standalone(port, "0", "external-tls", connector, certificates.keystore().toString());
    try {
      // The documented connector refuses what the IE's own connectors refuse.
      assertEquals(
          "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
          handshake(certificates, port[0], "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"));
      assertThrows(
          IOException.class,
          () -> handshake(certificates, port[0], "TLS_RSA_WITH_AES_128_GCM_SHA256"),
          "RSA key exchange, no forward secrecy");
      String url = "ssl://localhost:" + port[0];
      try (RunningElement running =
          RunningElement.mockLab(
              "--broker.url=" + url,
              "--broker.tls.trustStore=" + certificates.trustStore(),
              "--broker.tls.trustStorePassword=" + TestCertificates.PASSWORD,
              "--im.array2500.attribute.vector.period=20ms")) {
        InstrumentElementPort ie = running.client();
        GetSubscriptionInfo q = new GetSubscriptionInfo();
        q.setIm("lab/array2500");
        q.setAttribute("vector");
        assertEquals(url, ie.getSubscriptionInfo(q).getSubscription().getBrokerUrl());
        try (AttributeSubscriber sub =
            AttributeSubscriber.connect(
                url,
                AttributeSubscriber.Options.DEFAULTS.withTrustStore(
                    certificates.trustStore(), TestCertificates.PASSWORD))) {
          Collector c = new Collector();
          sub.subscribe(ie, "lab/array2500", "vector", c);
          c.awaitCount(10, WAIT);
          assertEquals(2500, c.last().doubles().length);
        }
      }
    } finally {
      stop(broker);
    }
  }
}
