package org.instrumentelement.ie.client.tls;

import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Checks a server's certificate as the trust manager it wraps does, remembering what the server
 * presented and which check refused it: the chain to a trusted authority, or the host name.
 */
final class WatchingTrustManager extends X509ExtendedTrustManager {
  private final X509ExtendedTrustManager trust;
  private volatile X509Certificate[] presented;
  private volatile boolean untrusted;
  private volatile boolean wrongName;

  WatchingTrustManager(X509ExtendedTrustManager trust) {
    this.trust = trust;
  }

  X509Certificate[] presented() {
    return presented;
  }

  /** Whether the chain leads to no trusted certificate. */
  boolean untrusted() {
    return untrusted;
  }

  /** Whether the chain is trusted but does not name the host connected to. */
  boolean wrongName() {
    return wrongName;
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
      throws CertificateException {
    presented = chain.clone();
    try {
      trust.checkServerTrusted(chain, authType);
    } catch (CertificateException e) {
      untrusted = true;
      throw e;
    }
    try {
      trust.checkServerTrusted(chain, authType, socket);
    } catch (CertificateException e) {
      wrongName = true;
      throw e;
    }
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
      throws CertificateException {
    throw new CertificateException("only sockets are checked");
  }

  @Override
  public void checkServerTrusted(X509Certificate[] chain, String authType)
      throws CertificateException {
    checkServerTrusted(chain, authType, (Socket) null);
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
      throws CertificateException {
    throw new CertificateException("a client checks servers only");
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
      throws CertificateException {
    throw new CertificateException("a client checks servers only");
  }

  @Override
  public void checkClientTrusted(X509Certificate[] chain, String authType)
      throws CertificateException {
    throw new CertificateException("a client checks servers only");
  }

  @Override
  public X509Certificate[] getAcceptedIssuers() {
    return trust.getAcceptedIssuers();
  }
}
