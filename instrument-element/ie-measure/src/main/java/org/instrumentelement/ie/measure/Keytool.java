package org.instrumentelement.ie.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The JDK's {@code keytool}, as an operator runs it to make a laboratory's keys (docs/security.md):
 * PKCS12 key stores with the password {@value LocalhostKey#PASSWORD}, RSA 2048-bit keys valid for
 * two days. {@link LocalhostKey} and the TLS tests' certificates are made with it.
 */
public final class Keytool {
  private Keytool() {}

  /**
   * Runs keytool with {@code args}.
   *
   * @throws IOException when keytool fails, with what it said
   */
  public static void run(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException("keytool " + args[0] + " failed: " + out.strip());
    }
  }

  /**
   * A new key store {@code keyStore} with a self-signed key {@code alias} for {@code dname}, with
   * the certificate extension {@code extension} (keytool's {@code -ext}) unless it is null.
   */
  public static void selfSigned(Path keyStore, String alias, String dname, String extension)
      throws IOException, InterruptedException {
    run(
        List.of(
            "-genkeypair",
            "-alias",
            alias,
            "-keyalg",
            "RSA",
            "-keysize",
            "2048",
            "-validity",
            "2",
            "-storetype",
            "PKCS12",
            "-keystore",
            keyStore.toString(),
            "-storepass",
            LocalhostKey.PASSWORD,
            "-dname",
            dname),
        extension == null ? List.of() : List.of("-ext", extension));
  }

  /** The certificate of {@code alias} in {@code keyStore} as the file {@code cert}, DER or PEM. */
  public static void exportCertificate(Path keyStore, String alias, Path cert, boolean pem)
      throws IOException, InterruptedException {
    run(
        List.of(
            "-exportcert",
            "-alias",
            alias,
            "-keystore",
            keyStore.toString(),
            "-storepass",
            LocalhostKey.PASSWORD,
            "-file",
            cert.toString()),
        pem ? List.of("-rfc") : List.of());
  }

  /**
   * Adds the certificate in the file {@code cert} to {@code keyStore} (made if it is not there) as
   * {@code alias}, trusted.
   */
  public static void importCertificate(Path keyStore, String alias, Path cert)
      throws IOException, InterruptedException {
    run(
        "-importcert",
        "-noprompt",
        "-alias",
        alias,
        "-file",
        cert.toString(),
        "-storetype",
        "PKCS12",
        "-keystore",
        keyStore.toString(),
        "-storepass",
        LocalhostKey.PASSWORD);
  }

  private static void run(List<String> args, List<String> more)
      throws IOException, InterruptedException {
    List<String> all = new ArrayList<>(args);
    all.addAll(more);
    run(all.toArray(String[]::new));
  }
}
