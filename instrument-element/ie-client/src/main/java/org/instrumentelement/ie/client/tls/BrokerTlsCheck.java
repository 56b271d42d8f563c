package org.instrumentelement.ie.client.tls;

import jakarta.jms.JMSSecurityException;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Tries the TLS handshake with a broker before a subscriber connects to it. ActiveMQ's failover
 * transport retries a failed handshake forever, and its errors are the JDK's; a client that does
 * not trust the broker's certificate (no trust store, or the wrong one), connects by a name the
 * certificate does not list, reaches a plain port, or whose certificate the broker refuses, gets an
 * exception saying so in plain words instead. A broker that cannot be reached at all is left to
 * failover, which waits for it.
 */
public final class BrokerTlsCheck {
  private static final Pattern TLS_ADDRESS =
      Pattern.compile("(?:^|[(,])\\s*((?:nio\\+)?ssl://[^,)\\s]+)");
  private static final int TIMEOUT_MILLIS = 5000;

  private BrokerTlsCheck() {}

  /** The TLS addresses ({@code ssl://}) of an ActiveMQ URL, failover lists included. */
  public static List<URI> tlsAddresses(String brokerUrl) {
    List<URI> out = new ArrayList<>();
    Matcher m = TLS_ADDRESS.matcher(brokerUrl);
    while (m.find()) {
      try {
        out.add(URI.create(m.group(1)));
      } catch (IllegalArgumentException e) {
        // not an address ActiveMQ could use either; it will say so
      }
    }
    return out;
  }

  /**
   * Checks TLS with the first reachable TLS address of {@code brokerUrl}; does nothing when the URL
   * has none or none is reachable.
   *
   * @throws JMSSecurityException saying what is wrong, in plain words
   * @throws IllegalArgumentException when a trust or key store cannot be read
   */
  public static void check(String brokerUrl, ClientTls tls) throws JMSSecurityException {
    List<URI> addresses = tlsAddresses(brokerUrl);
    if (addresses.isEmpty()) {
      return;
    }
    TrustManager[] trust = tls.trustManagers();
    for (URI address : addresses) {
      WatchingTrustManager watcher = watching(trust);
      if (watcher == null) {
        return; // a trust manager of another kind: ActiveMQ will use it as it is
      }
      String problem = handshake(address, tls, watcher);
      if (problem == null) {
        return;
      }
      if (!problem.isEmpty()) {
        throw new JMSSecurityException(problem, "TLS");
      }
      // not reachable: the next address, or failover waits
    }
  }

  private static WatchingTrustManager watching(TrustManager[] trust) {
    for (TrustManager t : trust) {
      if (t instanceof X509ExtendedTrustManager x) {
        return new WatchingTrustManager(x);
      }
    }
    return null;
  }

  /** null when TLS works, empty when the address cannot be reached, else what is wrong. */
  private static String handshake(URI address, ClientTls tls, WatchingTrustManager watcher) {
    SSLContext context;
    try {
      context = SSLContext.getInstance("TLS");
      context.init(tls.keyManagers(), new TrustManager[] {watcher}, new SecureRandom());
    } catch (GeneralSecurityException e) {
      return "TLS is not available in this JVM: " + e.getMessage();
    }
    String where = "ssl://" + address.getHost() + ":" + address.getPort();
    try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket()) {
      try {
        socket.connect(new InetSocketAddress(address.getHost(), address.getPort()), TIMEOUT_MILLIS);
      } catch (IOException e) {
        return "";
      }
      SSLParameters p = socket.getSSLParameters();
      if (verifiesHostName(address)) {
        p.setEndpointIdentificationAlgorithm("HTTPS");
      }
      try {
        p.setServerNames(List.of(new SNIHostName(address.getHost())));
      } catch (IllegalArgumentException e) {
        // an IP address: no server name to send
      }
      socket.setSSLParameters(p);
      socket.setSoTimeout(TIMEOUT_MILLIS);
      socket.startHandshake();
      // The broker speaks first (OpenWire's wire format); with TLS 1.3 a refusal of this client's
      // certificate arrives only now.
      InputStream in = socket.getInputStream();
      try {
        in.read();
      } catch (SocketTimeoutException e) {
        // silent, but the handshake held
      }
      return null;
    } catch (SSLException e) {
      return explain(where, tls, watcher, e);
    } catch (IOException e) {
      return "";
    }
  }

  private static boolean verifiesHostName(URI address) {
    String q = address.getQuery() == null ? "" : address.getQuery().toLowerCase(Locale.ROOT);
    return !q.contains("verifyhostname=false");
  }

  private static String explain(
      String where, ClientTls tls, WatchingTrustManager watcher, SSLException e) {
    X509Certificate[] chain = watcher.presented();
    if (watcher.untrusted() && chain != null) {
      return "The broker at "
          + where
          + " presented a certificate this client does not trust ("
          + describe(chain[0])
          + "). "
          + (tls.trustStore() == null
              ? "No trust store was given, and the JVM's default trust does not include it"
              : "The trust store " + tls.trustStore() + " does not include it or its authority")
          + ": connect with the trust store that holds the Instrument Element's certificate"
          + " (deploy/bin/ie-dev-keystore makes one for a development key).";
    }
    if (watcher.wrongName() && chain != null) {
      URI u = URI.create(where);
      return "The broker's certificate ("
          + describe(chain[0])
          + ") is not made out for '"
          + u.getHost()
          + "' but for "
          + names(chain[0])
          + ": connect by one of those names, or have the Instrument Element's certificate made"
          + " for this one.";
    }
    String m = messages(e);
    if (m.contains("unrecognized ssl message") || m.contains("plaintext")) {
      return where + " does not answer in TLS: is it a plain (tcp://) port?";
    }
    if (m.contains("protocol_version")
        || m.contains("handshake_failure")
        || m.contains("no appropriate protocol")
        || m.contains("cipher suites")) {
      return "The broker at "
          + where
          + " and this client have no TLS version or cipher suite in common (the Instrument"
          + " Element accepts TLS 1.2 and 1.3 with forward-secret AEAD suites).";
    }
    if (m.contains("certificate") || m.contains("unknown_ca")) {
      return tls.keyStore() == null
          ? "The broker at " + where + " asks for a client certificate, and none was given."
          : "The broker at "
              + where
              + " refused this client's certificate from "
              + tls.keyStore()
              + ": it was not issued by an authority the Instrument Element trusts"
              + " (tls.clientTrustStore).";
    }
    return "TLS with the broker at " + where + " failed: " + e.getMessage();
  }

  private static String messages(Throwable e) {
    StringBuilder b = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      b.append(' ').append(t.getMessage());
    }
    return b.toString().toLowerCase(Locale.ROOT);
  }

  /** A certificate's subject and SHA-256 fingerprint. */
  static String describe(X509Certificate c) {
    String fingerprint;
    try {
      fingerprint =
          HexFormat.ofDelimiter(":")
              .withUpperCase()
              .formatHex(MessageDigest.getInstance("SHA-256").digest(c.getEncoded()));
    } catch (GeneralSecurityException e) {
      fingerprint = "unknown";
    }
    return c.getSubjectX500Principal().getName() + ", SHA-256 " + fingerprint;
  }

  private static String names(X509Certificate c) {
    List<String> names = new ArrayList<>();
    try {
      if (c.getSubjectAlternativeNames() != null) {
        for (List<?> n : c.getSubjectAlternativeNames()) {
          names.add(String.valueOf(n.get(1)));
        }
      }
    } catch (CertificateParsingException e) {
      // the subject then
    }
    return names.isEmpty() ? c.getSubjectX500Principal().getName() : String.join(", ", names);
  }
}
