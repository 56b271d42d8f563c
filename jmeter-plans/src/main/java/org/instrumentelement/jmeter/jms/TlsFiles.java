package org.instrumentelement.jmeter.jms;

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
 * What the subscriber trusts over TLS (the Instrument Element's certificate or its authority, in a
 * PKCS#12 trust store) and, for mutual TLS, the key it presents: the same for its SOAP call and its
 * broker connection. The plans reach the IE only through its published interfaces, so this does not
 * borrow the IE's client library.
 *
 * @param trustStore a PKCS#12 trust store, or null for the JVM's default trust
 * @param keyStore a PKCS#12 key store with the client's key, or null for none
 */
public record TlsFiles(
    Path trustStore, String trustStorePassword, Path keyStore, String keyStorePassword) {

  /** From the sampler's parameters; empty names mean none. */
  public static TlsFiles of(
      String trustStore, String trustStorePassword, String keyStore, String keyStorePassword) {
    return new TlsFiles(
        trustStore.isBlank() ? null : Path.of(trustStore.trim()),
        trustStorePassword,
        keyStore.isBlank() ? null : Path.of(keyStore.trim()),
        keyStorePassword);
  }

  /** Whether anything differs from the JVM's defaults. */
  public boolean configured() {
    return trustStore != null || keyStore != null;
  }

  /**
   * The trust managers (the JVM's default ones without a trust store).
   *
   * @throws IOException when the file cannot be read, saying which and why
   */
  public TrustManager[] trustManagers() throws IOException {
    try {
      TrustManagerFactory f =
          TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      f.init(trustStore == null ? null : read(trustStore, trustStorePassword, "trust store"));
      return f.getTrustManagers();
    } catch (GeneralSecurityException e) {
      throw new IOException("the trust store " + trustStore + " cannot be used: " + e.getMessage());
    }
  }

  /**
   * The key managers (none without a key store).
   *
   * @throws IOException when the file cannot be read, saying which and why
   */
  public KeyManager[] keyManagers() throws IOException {
    if (keyStore == null) {
      return new KeyManager[0];
    }
    try {
      KeyManagerFactory f = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      f.init(read(keyStore, keyStorePassword, "key store"), chars(keyStorePassword));
      return f.getKeyManagers();
    } catch (GeneralSecurityException e) {
      throw new IOException("the key store " + keyStore + " cannot be used: " + e.getMessage());
    }
  }

  /** A TLS context with these files, for HTTPS. */
  public SSLContext context() throws IOException {
    try {
      SSLContext c = SSLContext.getInstance("TLS");
      c.init(keyManagers(), trustManagers(), new SecureRandom());
      return c;
    } catch (GeneralSecurityException e) {
      throw new IOException("TLS is not available: " + e.getMessage());
    }
  }

  private static KeyStore read(Path file, String password, String what) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      KeyStore ks = KeyStore.getInstance("PKCS12");
      ks.load(in, chars(password));
      return ks;
    } catch (NoSuchFileException e) {
      throw new IOException("the " + what + " " + file + " does not exist");
    } catch (GeneralSecurityException | IOException e) {
      throw new IOException(
          "the " + what + " " + file + " cannot be read: wrong password, or not a PKCS#12 file");
    }
  }

  private static char[] chars(String password) {
    return password == null ? new char[0] : password.toCharArray();
  }
}
