package org.instrumentelement.ie.security;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import java.util.Locale;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * How the users file names a client certificate ({@code user.<name>.certificate}): by the common
 * name of its subject ({@code cn:robot-1}), for certificates issued by the laboratory's own
 * authority in {@code tls.clientTrustStore}, or by its SHA-256 fingerprint ({@code
 * sha256:3F:2A:...}, colons optional), which names exactly one certificate whoever issued it.
 * Public for the broker's login ({@code pubsub.security}), which names a certificate it refused.
 */
public record CertificateName(Kind kind, String value) {
  enum Kind {
    CN,
    SHA256
  }

  /**
   * Parses {@code cn:<common name>} or {@code sha256:<fingerprint>}.
   *
   * @throws IllegalArgumentException saying what is expected
   */
  static CertificateName parse(String text) {
    String t = text.trim();
    int colon = t.indexOf(':');
    String kind = colon < 0 ? "" : t.substring(0, colon).toLowerCase(Locale.ROOT);
    String value = colon < 0 ? "" : t.substring(colon + 1).trim();
    if (kind.equals("cn") && !value.isEmpty()) {
      return new CertificateName(Kind.CN, value);
    }
    if (kind.equals("sha256")) {
      String hex = value.replace(":", "").toLowerCase(Locale.ROOT);
      if (hex.matches("[0-9a-f]{64}")) {
        return new CertificateName(Kind.SHA256, hex);
      }
    }
    throw new IllegalArgumentException(
        "'"
            + t
            + "' is not cn:<common name> or sha256:<fingerprint> (64 hex digits, colons allowed)");
  }

  /** Whether {@code certificate} is the one named. */
  boolean matches(X509Certificate certificate) {
    return switch (kind) {
      case CN -> value.equals(commonName(certificate));
      case SHA256 -> value.equals(fingerprint(certificate));
    };
  }

  /** The common name of a certificate's subject, or null if it has none. */
  static String commonName(X509Certificate certificate) {
    try {
      LdapName dn = new LdapName(certificate.getSubjectX500Principal().getName());
      for (Rdn rdn : dn.getRdns()) {
        if (rdn.getType().equalsIgnoreCase("CN")) {
          return rdn.getValue().toString();
        }
      }
      return null;
    } catch (InvalidNameException e) {
      return null;
    }
  }

  /** A certificate's SHA-256 fingerprint in lower-case hex without colons. */
  static String fingerprint(X509Certificate certificate) {
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded()));
    } catch (CertificateEncodingException | NoSuchAlgorithmException e) {
      return "";
    }
  }

  /**
   * A certificate's SHA-256 fingerprint as the users file may write it ({@code 3F:2A:...}): how a
   * refusal names a certificate that names no user.
   */
  public static String readableFingerprint(X509Certificate certificate) {
    return readable(fingerprint(certificate));
  }

  /** A fingerprint as the users file may write it: upper-case pairs with colons. */
  static String readable(String fingerprint) {
    return HexFormat.ofDelimiter(":")
        .withUpperCase()
        .formatHex(HexFormat.of().parseHex(fingerprint));
  }

  @Override
  public String toString() {
    return kind == Kind.CN ? "cn:" + value : "sha256:" + readable(value);
  }
}
