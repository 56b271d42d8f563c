package org.instrumentelement.ie.client.tls;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * What a client trusts over TLS and which certificate it presents, from PKCS#12 files: the trust
 * store holds the Instrument Element's certificate or the authority that signed it ({@code
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
    try {
      TrustManagerFactory f =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      f.init(trustStore == null ? null : read(trustStore, trustStorePassword, "trust store"));
      return f.getTrustManagers();
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "the trust store " + trustStore + " cannot be used: " + e.getMessage());
    }
  }

  /**
   * The key managers of the key store, or none (no certificate is presented).
   *
   * @throws IllegalArgumentException when the file cannot be read, saying why
   */
  public KeyManager[] keyManagers() {
    if (keyStore == null) {
      return new KeyManager[0];
    }
    try {
      KeyManagerFactory f = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      f.init(read(keyStore, keyStorePassword, "key store"), chars(keyStorePassword));
      return f.getKeyManagers();
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "the key store " + keyStore + " cannot be used: " + e.getMessage());
    }
  }

  /**
   * A TLS context with these files.
   *
   * @throws IllegalArgumentException when a file cannot be read, saying why
   */
  public SSLContext context() {
    try {
      SSLContext c = SSLContext.getInstance("TLS");
      c.init(keyManagers(), trustManagers(), new SecureRandom());
      return c;
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException("TLS is not available: " + e.getMessage());
    }
  }

  private static KeyStore read(Path file, String password, String what) {
    try (InputStream in = Files.newInputStream(file)) {
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(in, chars(password));
      return ks;
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("the " + what + " " + file + " does not exist");
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "the " + what + " " + file + " cannot be read: wrong password, or not a PKCS#12 file");
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "the " + what + " " + file + " cannot be read: " + e.getMessage());
    }
  }

  private static char[] chars(String password) {
    return password == null ? new char[0] : password.toCharArray();
  }
}
