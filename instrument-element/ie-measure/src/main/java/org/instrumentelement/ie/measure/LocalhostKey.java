package org.instrumentelement.ie.measure;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A self-signed key for {@code localhost} and {@code 127.0.0.1} ({@code ie.p12}) and a trust store
 * of its certificate ({@code trust.p12}), both PKCS12 with the password {@value #PASSWORD}, made
 * with the JDK's {@code keytool} as {@code deploy/bin/ie-dev-keystore} makes them: what an IE
 * started over TLS for a measurement or a test is given ({@code http.tls.keystore}), and what its
 * clients trust. Made with the tool an operator uses, not with library calls, so that the key is
 * the kind a laboratory deploys.
 */
public final class LocalhostKey {
  /** The password of the key store, its key and the trust store. */
  public static final String PASSWORD = "changeit";

  private final Path keyStore;
  private final Path trustStore;

  private LocalhostKey(Path keyStore, Path trustStore) {
    this.keyStore = keyStore;
    this.trustStore = trustStore;
  }

  /**
   * Makes the key, its certificate ({@code ie.cer}) and the trust store in {@code dir}.
   *
   * @throws IOException when keytool fails, with what it said
   */
  public static LocalhostKey make(Path dir) throws IOException, InterruptedException {
    Path key = dir.resolve("ie.p12");
    Path cert = dir.resolve("ie.cer");
    Path trust = dir.resolve("trust.p12");
    Keytool.selfSigned(key, "ie", "CN=localhost", "SAN=dns:localhost,ip:127.0.0.1");
    Keytool.exportCertificate(key, "ie", cert, false);
    Keytool.importCertificate(trust, "ie", cert);
    return new LocalhostKey(key, trust);
  }

  /** The key store with the key ({@code http.tls.keystore}). */
  public Path keyStore() {
    return keyStore;
  }

  /** A trust store of the key's certificate, for Java clients. */
  public Path trustStore() {
    return trustStore;
  }
}
