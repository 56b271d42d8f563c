package org.instrumentelement.ie.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.instrumentelement.ie.client.tls.ClientTls;
import org.instrumentelement.ie.measure.LocalhostKey;

/**
 * A self-signed key for {@code localhost} and a trust store of its certificate ({@link
 * LocalhostKey}, in a temporary directory): what the TLS measurement gives the IE it starts and its
 * own clients.
 */
final class DevelopmentKeys {
  static final String PASSWORD = LocalhostKey.PASSWORD;

  private final Path keyStore;
  private final Path trustStore;

  private DevelopmentKeys(Path keyStore, Path trustStore) {
    this.keyStore = keyStore;
    this.trustStore = trustStore;
  }

  /** Makes the key and the trust store in a new temporary directory. */
  static DevelopmentKeys make() throws IOException, InterruptedException {
    LocalhostKey key = LocalhostKey.make(Files.createTempDirectory("ie-benchmark-tls"));
    return new DevelopmentKeys(key.keyStore(), key.trustStore());
  }

  /**
   * The IE's options that give it the key: HTTPS, and the broker's TLS connector on a free port.
   */
  List<String> ieOptions() {
    return List.of(
        "--http.tls.keystore=" + keyStore,
        "--http.tls.keystorePassword=" + PASSWORD,
        "--broker.tls.port=0",
        "--broker.tls.stompPort=-1",
        "--broker.tls.mqttPort=-1");
  }

  /** What a client needs to trust the IE. */
  ClientTls clientTls() {
    return ClientTls.DEFAULTS.withTrustStore(trustStore, PASSWORD);
  }
}
