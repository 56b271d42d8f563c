package org.instrumentelement.ie.contract;

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
 * How a client of the Instrument Element reads its TLS files, for SOAP and the broker alike: a
 * PKCS#12 trust store holding the IE's certificate or the authority that signed it ({@code
 * deploy/bin/ie-dev-keystore} makes one), and for mutual TLS a PKCS#12 key store with the client's
 * own key. The Java client and the JMeter plans both read them here. Every failure says which file
 * and why, in words a lab user can act on.
 */
public final class TlsStores {
  private TlsStores() {}

  /**
   * The trust managers of a trust store, or the JVM's default ones for {@code null}.
   *
   * @throws IllegalArgumentException when the file cannot be read or used, saying why
   */
  public static TrustManager[] trustManagers(Path trustStore, String password) {
    try {
      TrustManagerFactory f =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      f.init(trustStore == null ? null : read(trustStore, password, "trust store"));
      return f.getTrustManagers();
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "the trust store " + trustStore + " cannot be used: " + e.getMessage());
    }
  }

  /**
   * The key managers of a key store, or none (no certificate is presented) for {@code null}.
   *
   * @throws IllegalArgumentException when the file cannot be read or used, saying why
   */
  public static KeyManager[] keyManagers(Path keyStore, String password) {
    if (keyStore == null) {
      return new KeyManager[0];
    }
    try {
      KeyManagerFactory f = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      f.init(read(keyStore, password, "key store"), chars(password));
      return f.getKeyManagers();
    } catch (GeneralSecurityException e) {
      throw new IllegalArgumentException(
          "the key store " + keyStore + " cannot be used: " + e.getMessage());
    }
  }

  /**
   * A TLS context trusting {@code trustStore} (or the JVM's default trust) and presenting the key
   * of {@code keyStore} (or none).
   *
   * @throws IllegalArgumentException when a file cannot be read or used, saying why
   */
  public static SSLContext context(
      Path trustStore, String trustStorePassword, Path keyStore, String keyStorePassword) {
    try {
      SSLContext c = SSLContext.getInstance("TLS");
      c.init(
          keyManagers(keyStore, keyStorePassword),
          trustManagers(trustStore, trustStorePassword),
          new SecureRandom());
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
