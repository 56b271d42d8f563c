package org.instrumentelement.ie.security;

import java.security.cert.X509Certificate;
import java.util.Optional;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.ImException;

/**
 * The access rules of one Instrument Element: who the users are, what their roles allow, and the
 * reservations in force. Disabled, it lets everyone do everything (for a lab protected otherwise).
 */
public final class AccessControl {
  private final PasswordLogins logins;
  private final Reservations reservations;

  /**
   * @param logins the users and how their passwords are checked, or null to disable access control
   */
  public AccessControl(PasswordLogins logins, Reservations reservations) {
    this.logins = logins;
    this.reservations = reservations;
  }

  public boolean enabled() {
    return logins != null;
  }

  /** The user store, or null when disabled. */
  public UserStore users() {
    return logins == null ? null : logins.users();
  }

  /** How passwords are checked, or null when disabled. */
  public PasswordLogins logins() {
    return logins;
  }

  public Reservations reservations() {
    return reservations;
  }

  /**
   * The caller with these credentials, if they are valid (or anyone, when disabled).
   *
   * @param address the client's address, for the login throttle
   * @param transport how the client came ({@code SOAP}...), for the throttle and the audit
   */
  public Optional<Caller> authenticate(
      String name, String password, String address, String transport) {
    if (logins == null) {
      return Optional.of(Caller.UNRESTRICTED);
    }
    return logins.check(name, password, address, transport).map(u -> new Caller(u.name(), u));
  }

  /**
   * The caller a client certificate names, if the users file maps it to a user (or anyone, when
   * disabled). The certificate must have been verified by TLS.
   */
  public Optional<Caller> authenticate(X509Certificate certificate) {
    if (logins == null) {
      return Optional.of(Caller.UNRESTRICTED);
    }
    return logins.users().byCertificate(certificate).map(u -> new Caller(u.name(), u));
  }

  /**
   * Checks that the caller holds {@code role} on the IM at {@code path}; for CONTROL, also that
   * nobody else has reserved it.
   *
   * @throws ImException NOT_AUTHORIZED or RESERVED
   */
  public void check(Caller caller, Role role, String path) throws ImException {
    checkRole(caller, role, path);
    if (role == Role.CONTROL) {
      reservations.checkControl(caller.name(), path);
    }
  }

  /**
   * Checks the role only (for reserving, where reservations are the subject, not an obstacle).
   *
   * @throws ImException NOT_AUTHORIZED
   */
  public void checkRole(Caller caller, Role role, String path) throws ImException {
    if (!caller.may(role, path)) {
      throw new ImException(
          FaultCode.NOT_AUTHORIZED,
          caller.name()
              + " may not "
              + verb(role)
              + " "
              + path
              + " (needs the "
              + role.name().toLowerCase(java.util.Locale.ROOT)
              + " role there)");
    }
  }

  /**
   * Checks that the caller holds {@code role} somewhere (operations not about one IM).
   *
   * @throws ImException NOT_AUTHORIZED
   */
  public void checkAnywhere(Caller caller, Role role) throws ImException {
    if (!caller.mayAnywhere(role)) {
      throw new ImException(
          FaultCode.NOT_AUTHORIZED,
          caller.name() + " holds no " + role.name().toLowerCase(java.util.Locale.ROOT) + " role");
    }
  }

  private static String verb(Role role) {
    return switch (role) {
      case OBSERVE -> "observe";
      case CONTROL -> "control";
      case ADMIN -> "administer";
    };
  }
}
