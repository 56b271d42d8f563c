package org.instrumentelement.ie.security;

import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import org.instrumentelement.ie.measure.Keytool;
import org.instrumentelement.ie.measure.LocalhostKey;

/**
 * Keys and certificates for TLS tests, made in a directory with the JDK's keytool as
 * docs/security.md and {@code deploy/bin/ie-dev-keystore} do: the IE's self-signed key ({@code
 * ie.p12}, for localhost and 127.0.0.1), a trust store for clients ({@code trust.p12}) and the
 * certificate as PEM for Python ({@code ie.pem}); on demand a laboratory authority with client
 * certificates it signed, and self-signed client certificates nobody trusts. Every password is
 * {@value #PASSWORD}.
 *
 * <p>Each key is made once per module's build, in {@code target/test-certificates} (under a lock
 * that the module's test JVMs share), and copied to the test's directory: a key made by keytool
 * costs a JVM's start and a second of CPU, and a module's TLS tests asked for some fifty. The keys
 * are valid for two days; those made more than a day ago are made again.
 */
public final class TestCertificates {
  public static final String PASSWORD = LocalhostKey.PASSWORD;

  /** Where the module's test keys are made, once. */
  private static final Path MADE = Path.of("target", "test-certificates").toAbsolutePath();

  private static final Duration KEPT = Duration.ofDays(1);
  private static final String AUTHORITY = "authority";
  private static final Object THIS_JVM = new Object();

  private final Path dir;

  private TestCertificates(Path dir) {
    this.dir = dir;
  }

  /** What makes files in {@link #MADE}. */
  private interface Maker {
    void make(Path made) throws Exception;
  }

  /**
   * The files {@code names} in this test's directory: copies of those made in {@link #MADE}'s
   * directory {@code kind}, where {@code maker} makes them first unless an earlier test did.
   * Returns the first one's path.
   */
  private Path shared(String kind, List<String> names, Maker maker) throws Exception {
    synchronized (THIS_JVM) {
      Files.createDirectories(MADE);
      try (FileChannel lockFile =
              FileChannel.open(
                  MADE.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
          FileLock lock = lockFile.lock()) {
        forgetOldKeys();
        Path made = MADE.resolve(kind);
        if (!names.stream().allMatch(n -> Files.exists(made.resolve(n)))) {
          Files.createDirectories(made);
          maker.make(made);
        }
        for (String n : names) {
          Files.copy(made.resolve(n), dir.resolve(n), StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    return dir.resolve(names.get(0));
  }

  /** Deletes the made keys if the first was made more than {@link #KEPT} ago (or in the future). */
  private static void forgetOldKeys() throws IOException {
    Path stamp = MADE.resolve(".made");
    if (Files.exists(stamp)) {
      Instant made = Files.getLastModifiedTime(stamp).toInstant();
      Instant now = Instant.now();
      if (made.isAfter(now) || made.plus(KEPT).isBefore(now)) {
        try (var files = Files.walk(MADE)) {
          for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
            if (!f.equals(MADE) && !f.getFileName().toString().equals(".lock")) {
              Files.delete(f);
            }
          }
        }
      }
    }
    if (!Files.exists(stamp)) {
      Files.writeString(stamp, "");
      Files.setLastModifiedTime(stamp, FileTime.from(Instant.now()));
    }
  }

  /** Makes nothing yet: for tests that need client certificates only. */
  public static TestCertificates in(Path dir) {
    return new TestCertificates(dir);
  }

  /** Makes the IE's key, the clients' trust store and the PEM certificate in {@code dir}. */
  public static TestCertificates make(Path dir) throws Exception {
    TestCertificates c = new TestCertificates(dir);
    c.shared(
        "ie",
        List.of("ie.p12", "ie.cer", "trust.p12", "ie.pem"),
        made -> {
          LocalhostKey.make(made); // ie.p12, ie.cer and trust.p12
          Keytool.exportCertificate(made.resolve("ie.p12"), "ie", made.resolve("ie.pem"), true);
        });
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
    return shared(
        "other-" + name,
        List.of(name + "-trust.p12", name + ".p12", name + ".cer"),
        made -> {
          Path ks = selfSigned(made, name, "CN=" + name, "SAN=dns:localhost");
          Path cer = made.resolve(name + ".cer");
          Keytool.exportCertificate(ks, name, cer, false);
          Keytool.importCertificate(made.resolve(name + "-trust.p12"), name, cer);
        });
  }

  /**
   * The laboratory's authority for client certificates; returns the IE's client trust store
   * (tls.clientTrustStore) holding its certificate.
   */
  public Path clientAuthority() throws Exception {
    return shared(
        AUTHORITY, List.of("client-cas.p12", "ca.p12", "ca.cer"), TestCertificates::authority);
  }

  private static void authority(Path made) throws Exception {
    selfSigned(made, "ca", "CN=Test Lab CA", "bc:c");
    Keytool.exportCertificate(made.resolve("ca.p12"), "ca", made.resolve("ca.cer"), false);
    Keytool.importCertificate(made.resolve("client-cas.p12"), "ca", made.resolve("ca.cer"));
  }

  /** A client key store ({@code <commonName>.p12}) with a certificate the authority signed. */
  public Path clientKeystore(String commonName) throws Exception {
    clientAuthority();
    return shared(
        "client-" + commonName,
        List.of(commonName + ".p12", commonName + ".cer"),
        made -> {
          Path ca = MADE.resolve(AUTHORITY);
          Path ks = selfSigned(made, commonName, "CN=" + commonName, null);
          Path csr = made.resolve(commonName + ".csr");
          Path cer = made.resolve(commonName + ".cer");
          Keytool.run(
              "-certreq",
              "-alias",
              commonName,
              "-keystore",
              ks.toString(),
              "-storepass",
              PASSWORD,
              "-file",
              csr.toString());
          Keytool.run(
              "-gencert",
              "-alias",
              "ca",
              "-keystore",
              ca.resolve("ca.p12").toString(),
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
          Keytool.importCertificate(ks, "ca", ca.resolve("ca.cer"));
          Keytool.importCertificate(ks, commonName, cer);
        });
  }

  /** A client key store with a self-signed certificate that no authority vouches for. */
  public Path strangerKeystore(String commonName) throws Exception {
    return shared(
        "stranger-" + commonName,
        List.of(commonName + ".p12"),
        made -> selfSigned(made, commonName, "CN=" + commonName, null));
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

  private static Path selfSigned(Path made, String alias, String dname, String extension)
      throws Exception {
    Path ks = made.resolve(alias + ".p12");
    Keytool.selfSigned(ks, alias, dname, extension);
    return ks;
  }
}
