package org.instrumentelement.ie.security;

import java.time.Clock;
import java.time.Instant;
import org.instrumentelement.ie.config.LoginLimits;
import org.instrumentelement.im.model.FreeText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes what the login throttle sees to the audit log: every failed password check (with the
 * address's count) and every lock-out, which is also logged as one warning. Refused attempts are
 * only counted (in the metrics): they cost nothing, and a line each would let a guesser fill the
 * log.
 */
public final class LoginAudit implements LoginThrottle.Listener {
  private static final Logger LOG = LoggerFactory.getLogger(LoginAudit.class);
  private final AuditLog audit;
  private final Clock clock;

  LoginAudit(AuditLog audit, Clock clock) {
    this.audit = audit;
    this.clock = clock;
  }

  /** The password checks of an Instrument Element, throttled and audited. */
  public static PasswordLogins logins(
      UserStore users, LoginLimits limits, AuditLog audit, Clock clock) {
    return new PasswordLogins(
        users,
        new LoginThrottle(limits, clock, new LoginAudit(audit, clock)),
        limits.maxConcurrentChecks());
  }

  @Override
  public void failed(String user, String address, String transport, int addressFailures) {
    audit.record(
        clock.instant(),
        user == null ? null : shortened(user),
        LoginThrottle.addressKey(address),
        "login",
        null,
        transport,
        "NOT_AUTHENTICATED: wrong user name or password ("
            + addressFailures
            + (addressFailures == 1 ? " failure" : " failures")
            + " from this address lately)");
  }

  @Override
  public void locked(String kind, String key, String transport, int failures, Instant until) {
    String what = kind.equals("address") ? "address " + key : "user name " + key;
    LOG.warn(
        "Logins locked out until {} for {} after {} failed passwords (last over {})",
        until,
        printable(what),
        failures,
        transport);
    audit.record(
        clock.instant(),
        kind.equals("user") ? shortened(key) : null,
        kind.equals("address") ? key : null,
        "loginLockout",
        null,
        transport,
        "LOCKED: " + failures + " failed passwords; refused until " + until);
  }

  /** A user name as the audit log shows it: whatever a stranger sent, but not at any length. */
  static String shortened(String name) {
    return name.length() <= 64 ? name : name.substring(0, 64) + "...";
  }

  /**
   * A user-given name fit for a log line: no control character (NEL and U+2028 included, {@link
   * FreeText}), at most 100 characters.
   */
  static String printable(String s) {
    StringBuilder b = new StringBuilder(Math.min(s.length(), 100));
    for (int i = 0; i < s.length() && b.length() < 100; i++) {
      char c = s.charAt(i);
      b.append(FreeText.isControl(c) || FreeText.isUnpairedSurrogate(s, i) ? '?' : c);
    }
    return s.length() > 100 ? b + "..." : b.toString();
  }

  @Override
  public void refused(String user, String address, String transport, LoginThrottle.Refusal why) {}
}
