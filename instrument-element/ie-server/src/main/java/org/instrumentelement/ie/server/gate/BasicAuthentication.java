package org.instrumentelement.ie.server.gate;

import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Base64;
import java.util.Locale;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.ie.security.Caller;

/**
 * Knows the caller from a request's HTTP Basic credentials, which come in the headers: so the gate
 * can refuse a stranger before reading a byte of the body. The one place where SOAP credentials are
 * checked.
 */
final class BasicAuthentication {
  /** The pseudo-operation under which refused credentials are audited (the body is never read). */
  static final String AUDITED_OPERATION = "authenticate";

  private final AccessControl access;
  private final AuditLog audit;

  BasicAuthentication(AccessControl access, AuditLog audit) {
    this.access = access;
    this.audit = audit;
  }

  /**
   * The caller of {@code request}: anyone when access control is off, else the user whose valid
   * credentials it carries.
   *
   * @throws Refusal NOT_AUTHENTICATED (401) for missing, malformed or wrong credentials
   */
  Caller caller(HttpServletRequest request) throws Refusal {
    if (!access.enabled()) {
      return Caller.UNRESTRICTED;
    }
    String header = request.getHeader("Authorization");
    if (header == null || header.isBlank()) {
      throw Refusal.notAuthenticated("credentials required (HTTP Basic)");
    }
    String[] nameAndPassword = decode(header.trim());
    if (nameAndPassword == null) {
      throw Refusal.notAuthenticated("credentials required (HTTP Basic user name and password)");
    }
    String name = nameAndPassword[0];
    Caller caller = access.authenticate(name, nameAndPassword[1]).orElse(null);
    if (caller == null) {
      String message = "wrong user name or password";
      if (audit != null) {
        audit.record(
            Instant.now(),
            shortened(name) + " (not authenticated)",
            request.getRemoteAddr(),
            AUDITED_OPERATION,
            null,
            "",
            "NOT_AUTHENTICATED: " + message);
      }
      throw Refusal.notAuthenticated(message);
    }
    return caller;
  }

  /** A user name as the audit log shows it: whatever a stranger sent, but not at any length. */
  private static String shortened(String name) {
    return name.length() <= 64 ? name : name.substring(0, 64) + "...";
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
