package org.instrumentelement.ie.config;

import java.nio.file.Path;

/**
 * Access control, audit and TLS.
 *
 * @param enabled whether callers must authenticate (and are checked against their roles)
 * @param usersFile the users file, or null for the built-in development users
 * @param auditFile where the audit log goes, or null for the log only
 * @param tlsKeystore a PKCS#12 keystore: HTTPS instead of HTTP, and the embedded broker's TLS
 *     connectors; null for plain HTTP and a plain broker
 * @param tlsKeystorePassword its password
 * @param clientTrustStore a PKCS#12 trust store of the authorities (or the certificates themselves)
 *     whose client certificates are accepted for logging in without a password (mutual TLS, on
 *     HTTPS and the broker); null: no client certificates are asked for
 * @param clientTrustStorePassword its password
 */
public record SecurityConfig(
    boolean enabled,
    Path usersFile,
    Path auditFile,
    Path tlsKeystore,
    String tlsKeystorePassword,
    Path clientTrustStore,
    String clientTrustStorePassword) {

  public boolean tls() {
    return tlsKeystore != null;
  }

  /** Without the passwords: a configuration may be logged. */
  @Override
  public String toString() {
    return "SecurityConfig[enabled="
        + enabled
        + ", usersFile="
        + usersFile
        + ", auditFile="
        + auditFile
        + ", tlsKeystore="
        + tlsKeystore
        + ", clientTrustStore="
        + clientTrustStore
        + "]";
  }

  /** Whether clients may log in with a certificate (mutual TLS). */
  public boolean clientCertificates() {
    return tls() && clientTrustStore != null;
  }

  /** Stands for {@code data.dir} in {@code audit.file}. */
  static final String DATA_DIR_PLACEHOLDER = "${data.dir}";

  /**
   * The security keys. {@code audit.file} may name the data directory as {@value
   * #DATA_DIR_PLACEHOLDER} (its default does); with {@code data.dir = off} such an audit file is
   * off too.
   */
  static SecurityConfig read(KeyValues keys) throws ConfigException {
    SecurityConfig s =
        new SecurityConfig(
            keys.get(ConfigKeys.SECURITY_ENABLED),
            keys.get(ConfigKeys.SECURITY_USERS),
            auditFile(keys),
            keys.get(ConfigKeys.HTTP_TLS_KEYSTORE),
            keys.get(ConfigKeys.HTTP_TLS_KEYSTORE_PASSWORD),
            keys.get(ConfigKeys.TLS_CLIENT_TRUST_STORE),
            keys.get(ConfigKeys.TLS_CLIENT_TRUST_STORE_PASSWORD));
    if (s.clientTrustStore() != null && !s.tls()) {
      throw new ConfigException(
          "tls.clientTrustStore needs http.tls.keystore: client certificates are checked over TLS");
    }
    return s;
  }

  private static Path auditFile(KeyValues keys) throws ConfigException {
    String text = keys.text(ConfigKeys.AUDIT_FILE);
    if (!text.contains(DATA_DIR_PLACEHOLDER)) {
      return ConfigKeys.AUDIT_FILE.read(text);
    }
    Path dataDir = keys.get(ConfigKeys.DATA_DIR);
    return dataDir == null
        ? null
        : ConfigKeys.AUDIT_FILE.read(text.replace(DATA_DIR_PLACEHOLDER, dataDir.toString()));
  }
}
