package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ie.measure.LocalhostKey;

/**
 * Keys and certificates for TLS tests, made in a directory with the JDK's keytool as
 * docs/security.md and {@code deploy/bin/ie-dev-keystore} do: the IE's self-signed key ({@code
 * ie.p12}, for localhost and 127.0.0.1), a trust store for clients ({@code trust.p12}) and the
 * certificate as PEM for Python ({@code ie.pem}); on demand a laboratory authority with client
 * certificates it signed, and self-signed client certificates nobody trusts. Every password is
 * {@value #PASSWORD}.
 */
public final class TestCertificates {
  public static final String PASSWORD = LocalhostKey.PASSWORD;

  private final Path dir;

  private TestCertificates(Path dir) {
    this.dir = dir;
  }

  /** Makes nothing yet: for tests that need client certificates only. */
  public static TestCertificates in(Path dir) {
    return new TestCertificates(dir);
  }

  /** Makes the IE's key, the clients' trust store and the PEM certificate in {@code dir}. */
  public static TestCertificates make(Path dir) throws Exception {
    LocalhostKey.make(dir); // ie.p12, ie.cer and trust.p12
    TestCertificates c = new TestCertificates(dir);
    keytool(
        "-exportcert",
        "-rfc",
        "-alias",
        "ie",
        "-keystore",
        c.keystore().toString(),
        "-storepass",
        PASSWORD,
        "-file",
        c.pem().toString());
    return c;
  }

  /** The IE's key (http.tls.keystore). */
  public Path keystore() {
    return dir.resolve("ie.p12");
  }

  /** A trust store with the IE's certificate, for Java clients. */
  public Path trustStore() {
    return dir.resolve("trust.p12");
  }

  /** The IE's certificate as PEM, for Python clients. */
  public Path pem() {
    return dir.resolve("ie.pem");
  }

  /**
   * Another self-signed key with its own trust store ({@code <name>-trust.p12}): a trust store that
   * does not vouch for the IE.
   */
  public Path otherTrustStore(String name) throws Exception {
    Path ks = selfSigned(name, "CN=" + name, "SAN=dns:localhost");
    Path cer = dir.resolve(name + ".cer");
    keytool(
        "-exportcert",
        "-alias",
        name,
        "-keystore",
        ks.toString(),
        "-storepass",
        PASSWORD,
        "-file",
        cer.toString());
    Path trust = dir.resolve(name + "-trust.p12");
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        name,
        "-file",
        cer.toString(),
        "-storetype",
        "PKCS12",
        "-keystore",
        trust.toString(),
        "-storepass",
        PASSWORD);
    return trust;
  }

  /**
   * The laboratory's authority for client certificates; returns the IE's client trust store
   * (tls.clientTrustStore) holding its certificate.
   */
  public Path clientAuthority() throws Exception {
    Path trust = dir.resolve("client-cas.p12");
    if (Files.exists(trust)) {
      return trust;
    }
    selfSigned("ca", "CN=Test Lab CA", "bc:c");
    keytool(
        "-exportcert",
        "-alias",
        "ca",
        "-keystore",
        dir.resolve("ca.p12").toString(),
        "-storepass",
        PASSWORD,
        "-file",
        dir.resolve("ca.cer").toString());
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        "ca",
        "-file",
        dir.resolve("ca.cer").toString(),
        "-storetype",
        "PKCS12",
        "-keystore",
        trust.toString(),
        "-storepass",
        PASSWORD);
    return trust;
  }

  /** A client key store ({@code <commonName>.p12}) with a certificate the authority signed. */
  public Path clientKeystore(String commonName) throws Exception {
    clientAuthority();
    Path ks = selfSigned(commonName, "CN=" + commonName, null);
    Path csr = dir.resolve(commonName + ".csr");
    Path cer = dir.resolve(commonName + ".cer");
    keytool(
        "-certreq",
        "-alias",
        commonName,
        "-keystore",
        ks.toString(),
        "-storepass",
        PASSWORD,
        "-file",
        csr.toString());
    keytool(
        "-gencert",
        "-alias",
        "ca",
        "-keystore",
        dir.resolve("ca.p12").toString(),
        "-storepass",
        PASSWORD,
        "-infile",
        csr.toString(),
        "-outfile",
        cer.toString(),
        "-validity",
        "2",
        "-ext",
        "eku=clientAuth");
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        "ca",
        "-file",
        dir.resolve("ca.cer").toString(),
        "-keystore",
        ks.toString(),
        "-storepass",
        PASSWORD);
    keytool(
        "-importcert",
        "-noprompt",
        "-alias",
        commonName,
        "-file",
        cer.toString(),
        "-keystore",
        ks.toString(),
        "-storepass",
        PASSWORD);
    return ks;
  }

  /** A client key store with a self-signed certificate that no authority vouches for. */
  public Path strangerKeystore(String commonName) throws Exception {
    return selfSigned(commonName, "CN=" + commonName, null);
  }

  /** The SHA-256 fingerprint of the certificate of a key store's key, as hex. */
  public static String fingerprint(Path keystore, String alias) throws Exception {
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keystore)) {
      ks.load(in, PASSWORD.toCharArray());
    }
    X509Certificate c = (X509Certificate) ks.getCertificate(alias);
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(c.getEncoded()));
  }

  private Path selfSigned(String alias, String dname, String extension) throws Exception {
    Path ks = dir.resolve(alias + ".p12");
    List<String> args =
        new ArrayList<>(
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
                ks.toString(),
                "-storepass",
                PASSWORD,
                "-dname",
                dname));
    if (extension != null) {
      args.addAll(List.of("-ext", extension));
    }
    keytool(args.toArray(String[]::new));
    return ks;
  }

  /** Runs the JDK's keytool; fails the test if it fails. */
  public static void keytool(String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertTrue(
        p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, String.join(" ", cmd) + ": " + out);
  }
}
