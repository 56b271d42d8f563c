package org.instrumentelement.ie.pubsub.transport;

import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * Why a client's TLS handshake failed, in the Instrument Element's words for the log of refusals
 * (the JDK's messages name its internals and vary between versions).
 */
final class TlsRefusal {
  private TlsRefusal() {}

  static String reason(IOException e) {
    if (e instanceof SocketTimeoutException) {
      return "no TLS handshake within the login timeout";
    }
    StringBuilder text = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      text.append(' ').append(t.getMessage());
    }
    String m = text.toString().toLowerCase(Locale.ROOT);
    if (m.contains("unrecognized ssl message") || m.contains("plaintext")) {
      return "not a TLS handshake (a plain client on a TLS port?)";
    }
    if (m.contains("protocol version")
        || m.contains("protocol_version")
        || (m.contains("protocol") && m.contains("not enabled"))
        || m.contains("not accepted by server preferences")) {
      return "TLS version refused: only TLS 1.2 and 1.3 are accepted";
    }
    if (m.contains("cipher suites in common") || m.contains("handshake_failure")) {
      return "no cipher suite in common: only forward-secret AEAD suites are accepted";
    }
    if (m.contains("received fatal alert")
        && (m.contains("certificate") || m.contains("unknown_ca"))) {
      return "the client does not trust the Instrument Element's certificate";
    }
    if (m.contains("certificate") || m.contains("pkix") || m.contains("certpath")) {
      return "the client's certificate is not trusted";
    }
    if (m.contains("terminated the handshake") || m.contains("eof")) {
      return "connection lost during the TLS handshake";
    }
    if (e instanceof SSLException) {
      return "TLS handshake failed";
    }
    return "connection lost during the TLS handshake";
  }
}
