package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.JMSSecurityException;
import jakarta.xml.ws.WebServiceException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.X509KeyManager;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.client.subscription.SubscriptionListener;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.ie.pubsub.transport.ClientProtocol;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Client certificates instead of passwords, on the broker and on HTTPS: certificates signed by the
 * laboratory's authority ({@code tls.clientTrustStore}) log in as the user the users file maps them
 * to (by common name or by fingerprint), with that user's rights and no password; a trusted
 * certificate that no user names is refused at login, and one from an unknown authority in the
 * handshake. Passwords keep working beside them.
 */
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class MutualTlsIT {
  static final Duration WAIT = Duration.ofSeconds(30);

  @TempDir static Path dir;
  static TestCertificates certificates;
  static RunningElement running;
  static Path robot;
  static Path fingerprinted;
  static Path unmapped;
  static Path stranger;

  @BeforeAll
  static void start() throws Exception {
    certificates = TestCertificates.make(dir);
    robot = certificates.clientKeystore("robot-1");
    fingerprinted = certificates.clientKeystore("logger-7");
    unmapped = certificates.clientKeystore("nobody-9");
    stranger = certificates.strangerKeystore("stranger");
    Path users = dir.resolve("users.properties");
    Files.writeString(
        users,
        BrokerSecurityIT.user("observer", "observe:*")
            + "user.robot.certificate = cn:robot-1\n"
            + "user.robot.grants = observe:lab/array2500\n"
            + "user.logger.certificate = sha256:"
            + TestCertificates.fingerprint(fingerprinted, "logger-7")
            + "\nuser.logger.grants = observe:lab/scope\n");
    running =
        RunningElement.mockLab(
            "--security.users=" + users,
            "--http.tls.keystore=" + certificates.keystore(),
            "--http.tls.keystorePassword=" + TestCertificates.PASSWORD,
            "--tls.clientTrustStore=" + certificates.clientAuthority(),
            "--tls.clientTrustStorePassword=" + TestCertificates.PASSWORD,
            "--im.array2500.attribute.vector.period=50ms",
            "--im.scope.attribute.waveform.period=50ms");
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  static ClientTls presenting(Path keystore) {
    return ClientTls.DEFAULTS
        .withTrustStore(certificates.trustStore(), TestCertificates.PASSWORD)
        .withKeyStore(keystore, TestCertificates.PASSWORD);
  }

  static InstrumentElementPort soap(Path keystore) {
    return InstrumentElementClient.connect(
        running.url(), InstrumentElementClient.Options.DEFAULTS.withTls(presenting(keystore)));
  }

  static AttributeSubscriber subscriber(Path keystore) throws Exception {
    return AttributeSubscriber.connect(
        running.runtime.broker().tlsUrl(ClientProtocol.OPENWIRE),
        new AttributeSubscriber.Options(
            500, Duration.ofSeconds(2), null, null, presenting(keystore)));
  }

  static String topic(String im, String attribute) throws Exception {
    return running.runtime.subscriptions().get(im, attribute).topic();
  }

  /** Waits for one value of a topic on a subscriber. */
  static void receives(AttributeSubscriber sub, String topic) throws Exception {
    CountDownLatch got = new CountDownLatch(1);
    sub.subscribe(
        topic,
        new SubscriptionListener() {
          @Override
          public void onValue(SampledValue v) {
            got.countDown();
          }
        });
    assertTrue(got.await(WAIT.toSeconds(), TimeUnit.SECONDS), "nothing received on " + topic);
  }

  static GetAttribute get(String im, String attribute) {
    GetAttribute g = new GetAttribute();
    g.setIm(im);
    g.setAttribute(attribute);
    return g;
  }

  @Test
  void aKnownCertificateSubscribesAsItsUserWithoutAPassword() throws Exception {
    try (AttributeSubscriber sub = subscriber(robot)) {
      receives(sub, topic("lab/array2500", "vector"));
      // robot may observe lab/array2500 only: it is logged in as robot, not as anyone else.
      assertThrows(
          JMSSecurityException.class, () -> sub.subscribe(topic("lab/scope", "waveform"), v -> {}));
    }
    try (AttributeSubscriber sub = subscriber(fingerprinted)) {
      receives(sub, topic("lab/scope", "waveform"));
    }
  }

  @Test
  void aKnownCertificateCallsSoapAsItsUserWithoutAPassword() throws Exception {
    InstrumentElementPort ie = soap(robot);
    assertEquals(
        2500,
        InstrumentElementClient.vector(ie.getAttribute(get("lab/array2500", "vector")).getValue())
            .length);
    InstrumentElementFault refused =
        assertThrows(
            InstrumentElementFault.class, () -> ie.getAttribute(get("lab/scope", "waveform")));
    assertEquals("NOT_AUTHORIZED", refused.getFaultInfo().getCode());
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm("lab/array2500");
    q.setAttribute("vector");
    assertTrue(ie.getSubscriptionInfo(q).getSubscription().getBrokerUrl().startsWith("ssl://"));

    // A password user over the same HTTPS, without a certificate.
    InstrumentElementPort observer =
        InstrumentElementClient.connect(
            running.url(),
            InstrumentElementClient.Options.DEFAULTS
                .withCredentials("observer", "observer")
                .withTrustStore(certificates.trustStore(), TestCertificates.PASSWORD));
    observer.getAttribute(get("lab/scope", "waveform"));
  }

  @Test
  void aTrustedCertificateThatNamesNoUserIsRefused() throws Exception {
    try (LogCapture log = new LogCapture()) {
      JMSSecurityException e = assertThrows(JMSSecurityException.class, () -> subscriber(unmapped));
      assertEquals(
          "The client certificate does not name a user of this Instrument Element.",
          e.getMessage());
      String fingerprint =
          TestCertificates.fingerprint(unmapped, "nobody-9")
              .toUpperCase()
              .replaceAll("(..)(?!$)", "$1:");
      BrokerSecurityIT.eventually(
          () ->
              log.refusals().stream()
                  .anyMatch(
                      l ->
                          l.startsWith("refused OpenWire over TLS login by (no user)")
                              && l.contains(fingerprint)),
          "no refusal line naming the certificate: " + log.dump());
    }
    WebServiceException soap =
        assertThrows(
            WebServiceException.class,
            () -> soap(unmapped).getAttribute(get("lab/array2500", "vector")));
    assertTrue(InstrumentElementClient.unauthorized(soap), soap.toString());
  }

  @Test
  void aCertificateFromAnUnknownAuthorityIsRefused() throws Exception {
    // The JDK's client offers only certificates of the authorities the server names, so it logs in
    // with none: refused for lack of credentials.
    assertThrows(JMSSecurityException.class, () -> subscriber(stranger));
    WebServiceException soap =
        assertThrows(
            WebServiceException.class,
            () -> soap(stranger).getAttribute(get("lab/array2500", "vector")));
    assertTrue(InstrumentElementClient.unauthorized(soap), soap.toString());

    // A client that presents it anyway (as OpenSSL-based clients do) fails the handshake.
    String ssl = running.runtime.broker().tlsUrl(ClientProtocol.OPENWIRE);
    for (int port :
        new int[] {
          running.server.port(), Integer.parseInt(ssl.substring(ssl.lastIndexOf(':') + 1))
        }) {
      assertThrows(
          IOException.class, () -> handshakeInsisting(stranger, "stranger", port), "port " + port);
    }
  }

  /** A TLS handshake that presents {@code alias} whatever authorities the server asks for. */
  static void handshakeInsisting(Path keystore, String alias, int port) throws Exception {
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keystore)) {
      ks.load(in, TestCertificates.PASSWORD.toCharArray());
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(ks, TestCertificates.PASSWORD.toCharArray());
    X509KeyManager keys = (X509KeyManager) kmf.getKeyManagers()[0];
    KeyManager insisting =
        new X509ExtendedKeyManager() {
          @Override
          public String chooseClientAlias(String[] types, Principal[] issuers, Socket socket) {
            return alias;
          }

          @Override
          public X509Certificate[] getCertificateChain(String a) {
            return keys.getCertificateChain(a);
          }

          @Override
          public PrivateKey getPrivateKey(String a) {
            return keys.getPrivateKey(a);
          }

          @Override
          public String[] getClientAliases(String type, Principal[] issuers) {
            return new String[] {alias};
          }

          @Override
          public String[] getServerAliases(String type, Principal[] issuers) {
            return null;
          }

          @Override
          public String chooseServerAlias(String type, Principal[] issuers, Socket socket) {
            return null;
          }
        };
    SSLContext ctx = SSLContext.getInstance("TLS");
    ctx.init(
        new KeyManager[] {insisting},
        ClientTls.DEFAULTS
            .withTrustStore(certificates.trustStore(), TestCertificates.PASSWORD)
            .trustManagers(),
        null);
    try (SSLSocket s = (SSLSocket) ctx.getSocketFactory().createSocket("localhost", port)) {
      s.setSoTimeout((int) WAIT.toMillis());
      s.startHandshake();
      // With TLS 1.3 the server's verdict on the client's certificate comes after the handshake.
      s.getOutputStream().write("GET / HTTP/1.0\r\n\r\n".getBytes());
      s.getOutputStream().flush();
      InputStream in = s.getInputStream();
      if (in.read() < 0) {
        throw new IOException("closed without an answer");
      }
    }
  }
}
