package org.instrumentelement.jmeter.jms;

import java.io.IOException;
import java.nio.file.Path;
import javax.net.ssl.KeyManager;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import org.instrumentelement.ie.contract.TlsStores;

/**
 * What the subscriber trusts over TLS (the Instrument Element's certificate or its authority, in a
 * PKCS#12 trust store) and, for mutual TLS, the key it presents: the same for its SOAP call and its
 * broker connection. The plans reach the IE only through its published interfaces, so this does not
 * borrow the IE's client library: the files are read by the contract's {@link TlsStores}.
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
      return TlsStores.trustManagers(trustStore, trustStorePassword);
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage());
    }
  }

  /**
   * The key managers (none without a key store).
   *
   * @throws IOException when the file cannot be read, saying which and why
   */
  public KeyManager[] keyManagers() throws IOException {
    try {
      return TlsStores.keyManagers(keyStore, keyStorePassword);
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage());
    }
  }

  /** A TLS context with these files, for HTTPS. */
  public SSLContext context() throws IOException {
    try {
      return TlsStores.context(trustStore, trustStorePassword, keyStore, keyStorePassword);
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage());
    }
  }
}
