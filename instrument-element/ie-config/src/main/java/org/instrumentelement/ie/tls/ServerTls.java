package org.instrumentelement.ie.tls;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.UnrecoverableKeyException;
import java.util.Collections;
import javax.net.ServerSocketFactory;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.config.SecurityConfig;

/**
 * The Instrument Element's TLS server side outside Tomcat (which reads the same files itself): its
 * key from {@code http.tls.keystore}, the client authorities from {@code tls.clientTrustStore}, and
 * server sockets that apply the {@link TlsPolicy}. A keystore that cannot be read stops the start
 * with a message that names the file and the reason.
 */
public final class ServerTls {
  private final SSLContext context;
  private final boolean clientCertificates;

  private ServerTls(SSLContext context, boolean clientCertificates) {
    this.context = context;
    this.clientCertificates = clientCertificates;
  }

  /**
   * Loads the key (and the client trust store, if configured).
   *
   * @throws ConfigException when a file cannot be read, its password is wrong, or the keystore
   *     holds no private key
   */
  public static ServerTls load(SecurityConfig security) throws ConfigException {
    KeyStore keys =
        Pkcs12File.read(
            security.tlsKeystore(), security.tlsKeystorePassword(), "http.tls.keystore");
    try {
      if (Collections.list(keys.aliases()).stream().noneMatch(a -> isKey(keys, a))) {
        throw new ConfigException(
            "http.tls.keystore " + security.tlsKeystore() + " holds no private key");
      }
      KeyManagerFactory kmf =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(keys, Pkcs12File.chars(security.tlsKeystorePassword()));
      TrustManager[] clients =
          security.clientCertificates()
              ? Pkcs12File.trustManagers(
                  security.clientTrustStore(),
                  security.clientTrustStorePassword(),
                  "tls.clientTrustStore")
              : null;
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(kmf.getKeyManagers(), clients, new SecureRandom());
      return new ServerTls(ctx, security.clientCertificates());
    } catch (UnrecoverableKeyException e) {
      throw new ConfigException(
          "http.tls.keystore "
              + security.tlsKeystore()
              + ": the key's password differs from http.tls.keystorePassword");
    } catch (GeneralSecurityException e) {
      throw new ConfigException(
          "http.tls.keystore " + security.tlsKeystore() + " cannot be used: " + e.getMessage(), e);
    }
  }

  private static boolean isKey(KeyStore keys, String alias) {
    try {
      return keys.isKeyEntry(alias);
    } catch (GeneralSecurityException e) {
      return false;
    }
  }

  /** Server sockets with this key that accept only what the {@link TlsPolicy} allows. */
  public ServerSocketFactory serverSockets() {
    return new PolicyServerSocketFactory(
        context.getServerSocketFactory(),
        TlsPolicy.serverParameters(
            context.getSupportedSSLParameters().getCipherSuites(), clientCertificates));
  }

  /** Whether clients are asked for a certificate. */
  public boolean clientCertificates() {
    return clientCertificates;
  }
}
