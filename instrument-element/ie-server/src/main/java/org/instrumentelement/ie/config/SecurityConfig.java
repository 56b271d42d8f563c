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

  /** Whether clients may log in with a certificate (mutual TLS). */
  public boolean clientCertificates() {
    return tls() && clientTrustStore != null;
  }

  /** The same with another audit file (tests). */
  public SecurityConfig withAuditFile(Path file) {
    return new SecurityConfig(
        enabled,
        usersFile,
        file,
        tlsKeystore,
        tlsKeystorePassword,
        clientTrustStore,
        clientTrustStorePassword);
  }
}
