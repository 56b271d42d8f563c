package org.instrumentelement.ie.tls;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import javax.net.ssl.SSLParameters;

/**
 * The TLS versions and cipher suites the Instrument Element accepts, on HTTPS and on the broker
 * alike: TLS 1.2 and 1.3 only, and only suites with forward secrecy (ephemeral ECDH) and
 * authenticated encryption (AES-GCM, ChaCha20-Poly1305). TLS 1.3's own suites are all of that kind.
 * Everything else (TLS 1.0 and 1.1, RSA key exchange, CBC suites) is refused even where the JVM
 * would allow it, so a JVM with relaxed security settings does not weaken the IE.
 */
public final class TlsPolicy {
  /** The protocol versions, newest first. */
  public static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

  /** The cipher suites in the server's order of preference (JSSE names). */
  public static final List<String> CIPHER_SUITES =
      List.of(
          "TLS_AES_128_GCM_SHA256",
          "TLS_AES_256_GCM_SHA384",
          "TLS_CHACHA20_POLY1305_SHA256",
          "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
          "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
          "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
          "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
          "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
          "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");

  private TlsPolicy() {}

  /**
   * Server parameters with this policy: the policy's protocols and those of its suites the JVM
   * supports, chosen in the server's order.
   *
   * @param supportedSuites the suites the SSL context supports
   * @param wantClientCertificates whether to ask clients for a certificate (not require one)
   */
  public static SSLParameters serverParameters(
      String[] supportedSuites, boolean wantClientCertificates) {
    Set<String> supported = Set.copyOf(Arrays.asList(supportedSuites));
    SSLParameters p = new SSLParameters();
    p.setProtocols(PROTOCOLS.toArray(String[]::new));
    p.setCipherSuites(CIPHER_SUITES.stream().filter(supported::contains).toArray(String[]::new));
    p.setUseCipherSuitesOrder(true);
    if (wantClientCertificates) {
      p.setWantClientAuth(true);
    }
    return p;
  }

  /** The protocols as Tomcat's {@code SSLHostConfig protocols} attribute writes them. */
  public static String tomcatProtocols() {
    return "TLSv1.2+TLSv1.3";
  }

  /**
   * The TLS 1.2 suites, as Tomcat's {@code SSLHostConfig ciphers} attribute takes them (Tomcat
   * wants TLS 1.3's own suites in {@code cipherSuites}).
   */
  public static String tomcatCiphers() {
    return String.join(",", CIPHER_SUITES.stream().filter(s -> s.contains("_WITH_")).toList());
  }

  /** The TLS 1.3 suites, as Tomcat's {@code SSLHostConfig cipherSuites} attribute takes them. */
  public static String tomcatCipherSuites() {
    return String.join(",", CIPHER_SUITES.stream().filter(s -> !s.contains("_WITH_")).toList());
  }
}
