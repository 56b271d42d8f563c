package org.instrumentelement.ie.client.tls;

import java.nio.file.Path;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import org.instrumentelement.ie.contract.TlsStores;

/**
 * What a client trusts over TLS and which certificate it presents, from PKCS#12 files (read by the
 * contract's {@link TlsStores}, as the JMeter plans read theirs): the trust store holds the
 * Instrument Element's certificate or the authority that signed it ({@code
 * deploy/bin/ie-dev-keystore} makes one); the key store, when given, holds the client's own key and
 * certificate for logging in without a password (mutual TLS).
 *
 * @param trustStore a PKCS#12 trust store, or null for the JVM's default trust
 * @param keyStore a PKCS#12 key store with the client's key, or null to present no certificate
 */
public record ClientTls(
    Path trustStore, String trustStorePassword, Path keyStore, String keyStorePassword) {
  /** The JVM's default trust, no client certificate. */
  public static final ClientTls DEFAULTS = new ClientTls(null, null, null, null);

  /** The same, trusting the certificates of a PKCS#12 trust store. */
  public ClientTls withTrustStore(Path file, String password) {
    return new ClientTls(file, password, keyStore, keyStorePassword);
  }

  /** The same, presenting the key and certificate of a PKCS#12 key store. */
  public ClientTls withKeyStore(Path file, String password) {
    return new ClientTls(trustStore, trustStorePassword, file, password);
  }

  /** Whether anything differs from the JVM's defaults. */
  public boolean configured() {
    return trustStore != null || keyStore != null;
  }

  /**
   * The trust managers of the trust store, or the JVM's default ones.
   *
   * @throws IllegalArgumentException when the file cannot be read, saying why
   */
  public TrustManager[] trustManagers() {
    return TlsStores.trustManagers(trustStore, trustStorePassword);
  }

  /**
   * The key managers of the key store, or none (no certificate is presented).
   *
   * @throws IllegalArgumentException when the file cannot be read, saying why
   */
  public KeyManager[] keyManagers() {
    return TlsStores.keyManagers(keyStore, keyStorePassword);
  }

  /**
   * A TLS context with these files.
   *
   * @throws IllegalArgumentException when a file cannot be read, saying why
   */
  public SSLContext context() {
    return TlsStores.context(trustStore, trustStorePassword, keyStore, keyStorePassword);
  }
}
