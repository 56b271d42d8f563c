package org.instrumentelement.ie.security;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.pubsub.transport.ClientProtocol;

/**
 * Tries TLS handshakes with every TLS port of an Instrument Element, run by {@link TlsPolicyIT} in
 * a JVM whose security settings allow TLS 1.0 and 1.1 and every cipher suite: whatever is refused
 * is then refused by the IE itself. First a control handshake with TLS 1.1 against a server socket
 * of this JVM without the IE's restrictions shows that this JVM really offers and accepts it.
 *
 * <p>Arguments: the IE's keystore and a trust store for it (password {@value
 * TestCertificates#PASSWORD}). Prints {@code PROBE <port> <protocol> <suite> OK|REFUSED} lines,
 * then {@code PROBE DONE}.
 */
public final class TlsPolicyProbe {
  /** Protocol and suite of each attempt; the first two are within the policy. */
  static final List<String[]> ATTEMPTS =
      List.of(
          new String[] {"TLSv1.3", "TLS_AES_128_GCM_SHA256"},
          new String[] {"TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256"},
          new String[] {"TLSv1.2", "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256"},
          new String[] {"TLSv1.1", "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA"},
          new String[] {"TLSv1", "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA"},
          new String[] {"TLSv1.2", "TLS_RSA_WITH_AES_128_GCM_SHA256"},
          new String[] {"TLSv1.2", "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA256"},
          new String[] {"TLSv1.2", "TLS_DHE_RSA_WITH_AES_128_GCM_SHA256"});

  private TlsPolicyProbe() {}

  public static void main(String[] args) throws Exception {
    Path keystore = Path.of(args[0]);
    Path trustStore = Path.of(args[1]);
    SSLContext client = context(null, trustStore);
    try (SSLServerSocket open =
        (SSLServerSocket) context(keystore, null).getServerSocketFactory().createServerSocket(0)) {
      open.setEnabledProtocols(open.getSupportedProtocols());
      open.setEnabledCipherSuites(open.getSupportedCipherSuites());
      Thread server =
          new Thread(
              () -> {
                try (SSLSocket s = (SSLSocket) open.accept()) {
                  s.startHandshake();
                } catch (Exception e) {
                  // the client reports it
                }
              });
      server.start();
      print(
          "control", "TLSv1.1", "TLS_ECDHE_RSA_WITH_AES_128_CBC_SHA", client, open.getLocalPort());
      server.join(10_000);
    }
    try (RunningElement running =
        RunningElement.mockLab(
            "--ie.name=tlsprobe",
            "--http.tls.keystore=" + keystore,
            "--http.tls.keystorePassword=" + TestCertificates.PASSWORD,
            "--portal.contextPath=off",
            "--sampling.period=off")) {
      Map<String, Integer> ports = new LinkedHashMap<>();
      ports.put("https", running.server.port());
      for (ClientProtocol p : ClientProtocol.values()) {
        String url = running.runtime.broker().tlsUrl(p);
        ports.put(p.scheme(true), Integer.parseInt(url.substring(url.lastIndexOf(':') + 1)));
      }
      for (Map.Entry<String, Integer> port : ports.entrySet()) {
        for (String[] a : ATTEMPTS) {
          print(port.getKey(), a[0], a[1], client, port.getValue());
        }
      }
    }
    System.out.println("PROBE DONE");
    System.out.flush();
    System.exit(0);
  }

  private static void print(
      String port, String protocol, String suite, SSLContext client, int portNumber) {
    String outcome;
    try (SSLSocket s =
        (SSLSocket) client.getSocketFactory().createSocket("localhost", portNumber)) {
      s.setSoTimeout(20_000);
      s.setEnabledProtocols(new String[] {protocol});
      s.setEnabledCipherSuites(new String[] {suite});
      s.startHandshake();
      outcome =
          s.getSession().getProtocol().equals(protocol)
                  && s.getSession().getCipherSuite().equals(suite)
              ? "OK"
              : "OTHER " + s.getSession().getProtocol() + " " + s.getSession().getCipherSuite();
    } catch (Exception e) {
      outcome = "REFUSED";
    }
    System.out.println("PROBE " + port + " " + protocol + " " + suite + " " + outcome);
    System.out.flush();
  }

  private static SSLContext context(Path keystore, Path trustStore) throws Exception {
    char[] password = TestCertificates.PASSWORD.toCharArray();
    KeyManagerFactory kmf = null;
    if (keystore != null) {
      kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(load(keystore), password);
    }
    TrustManagerFactory tmf = null;
    if (trustStore != null) {
      tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(load(trustStore));
    }
    SSLContext c = SSLContext.getInstance("TLS");
    c.init(
        kmf == null ? null : kmf.getKeyManagers(),
        tmf == null ? null : tmf.getTrustManagers(),
        null);
    return c;
  }

  private static KeyStore load(Path file) throws Exception {
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(file)) {
      ks.load(in, TestCertificates.PASSWORD.toCharArray());
    }
    return ks;
  }
}
