package org.instrumentelement.ie.server.gate;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.security.cert.X509Certificate;
import java.util.Base64;
import java.util.Locale;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Caller;

/**
 * Knows the caller from a request's HTTP Basic credentials, which come in the headers, or (without
 * them) from the client certificate of its TLS handshake that the users file maps to a user: so the
 * gate can refuse a stranger before reading a byte of the body. The one place where SOAP
 * credentials are checked.
 */
final class BasicAuthentication {
  private final AccessControl access;

  BasicAuthentication(AccessControl access) {
    this.access = access;
  }

  /** The request attribute where the servlet container puts a client's certificates. */
  static final String CLIENT_CERTIFICATES = "jakarta.servlet.request.X509Certificate";

  /**
   * The caller of {@code request}: anyone when access control is off, else the user whose valid
   * credentials it carries, or whom its client certificate names.
   *
   * @throws Refusal NOT_AUTHENTICATED (401) for missing, malformed or wrong credentials, or a
   *     client certificate that names no user
   */
  Caller caller(HttpServletRequest request, String clientAddress) throws Refusal {
    if (!access.enabled()) {
      return Caller.UNRESTRICTED;
    }
    String header = request.getHeader("Authorization");
    if (header == null || header.isBlank()) {
      // Verified by the connector against tls.clientTrustStore in the handshake.
      if (request.getAttribute(CLIENT_CERTIFICATES) instanceof X509Certificate[] chain
          && chain.length > 0) {
        return access
            .authenticate(chain[0])
            .orElseThrow(
                () ->
                    Refusal.notAuthenticated(
                        "the client certificate does not name a user of this Instrument Element"));
      }
      throw Refusal.notAuthenticated("credentials required (HTTP Basic)");
    }
    String[] nameAndPassword = decode(header.trim());
    if (nameAndPassword == null) {
      throw Refusal.notAuthenticated("credentials required (HTTP Basic user name and password)");
    }
    // A wrong password is audited by the login throttle, with the address's count of failures.
    return access
        .authenticate(nameAndPassword[0], nameAndPassword[1], clientAddress, "SOAP")
        .orElseThrow(() -> Refusal.notAuthenticated("wrong user name or password"));
  }

  /** The user name and password of a Basic {@code Authorization} header, or null. */
  static String[] decode(String header) {
    int space = header.indexOf(' ');
    if (space < 0 || !header.substring(0, space).toLowerCase(Locale.ROOT).equals("basic")) {
      return null;
    }
    String decoded;
    try {
      decoded =
          new String(
              Base64.getDecoder().decode(header.substring(space + 1).trim()),
              StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      return null;
    }
    int colon = decoded.indexOf(':');
    return colon < 0
        ? null
        : new String[] {decoded.substring(0, colon), decoded.substring(colon + 1)};
  }
}
