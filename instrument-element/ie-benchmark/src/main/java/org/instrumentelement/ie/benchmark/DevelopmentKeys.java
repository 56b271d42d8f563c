package org.instrumentelement.ie.benchmark;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ie.client.tls.ClientTls;

/**
 * A self-signed key for {@code localhost} and a trust store of its certificate, made with the JDK's
 * {@code keytool} in a temporary directory as {@code deploy/bin/ie-dev-keystore} makes them: what
 * the TLS measurement gives the IE it starts and its own clients.
 */
final class DevelopmentKeys {
  static final String PASSWORD = "changeit";

  private final Path keyStore;
  private final Path trustStore;

  private DevelopmentKeys(Path keyStore, Path trustStore) {
    this.keyStore = keyStore;
    this.trustStore = trustStore;
  }

  /** Makes the key and the trust store in a new temporary directory. */
  static DevelopmentKeys make() throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("ie-benchmark-tls");
    Path key = dir.resolve("ie.p12");
    Path cert = dir.resolve("ie.cer");
    Path trust = dir.resolve("trust.p12");
    keytool(
        "-genkeypair",
        "-alias",
        "ie",
        "-keyalg",
        "RSA",
        "-keysize",
        "2048",
        "-validity",
        "2",
        "-storetype",
        "PKCS12",
        "-keystore",
        key.toString(),
        "-storepass",
        PASSWORD,
        "-dname",
        "CN=localhost",
        "-ext",
        "SAN=dns:localhost,ip:127.0.0.1");
    keytool(
        "-exportcert",
        "-alias",
        "ie",
        "-keystore",
        key.toString(),
        "-storepass",
        PASSWORD,
        "-file",
        cert.toString());
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        "ie",
        "-file",
        cert.toString(),
        "-storetype",
        "PKCS12",
        "-keystore",
        trust.toString(),
        "-storepass",
        PASSWORD);
    return new DevelopmentKeys(key, trust);
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

  private static void keytool(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException("keytool " + args[0] + " failed: " + out.strip());
    }
  }
}
