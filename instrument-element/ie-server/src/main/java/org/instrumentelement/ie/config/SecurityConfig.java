package org.instrumentelement.ie.config;

import java.nio.file.Path;

/**
 * Access control, audit and TLS.
 *
 * @param enabled whether callers must authenticate (and are checked against their roles)
 * @param usersFile the users file, or null for the built-in development users
 * @param auditFile where the audit log goes, or null for the log only
 * @param tlsKeystore a PKCS#12 keystore: HTTPS instead of HTTP; null for plain HTTP
 * @param tlsKeystorePassword its password
 */
public record SecurityConfig(
    boolean enabled, Path usersFile, Path auditFile, Path tlsKeystore, String tlsKeystorePassword) {

  public boolean tls() {
    return tlsKeystore != null;
  }
}
