package org.instrumentelement.ie.security;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.LongAdder;
import org.instrumentelement.ie.config.LoginLimits;

/**
 * Every password the Instrument Element accepts passes here: HTTP Basic on SOAP (and so the
 * portal's sign-in, which checks a password by calling SOAP), and the broker's OpenWire, STOMP and
 * MQTT logins. An attempt is first put to the {@link LoginThrottle}; one it refuses is answered as
 * a wrong password without any key derivation. At most a few passwords are checked at once, so that
 * guesses from many addresses cannot take every core from the instruments' clients.
 */
public final class PasswordLogins {

  /** How an attempt ended, as counted in the metrics. */
  public enum Outcome {
    /** The password was right. */
    OK,
    /** The password (or the name) was wrong. */
    FAILED,
    /** Refused by the throttle without checking the password. */
    REFUSED
  }

  private final UserStore users;
  private final LoginThrottle throttle;
  private final Semaphore checks;
  private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();

  /**
   * @param maxConcurrentChecks most passwords checked at once; more wait their turn
   */
  public PasswordLogins(UserStore users, LoginThrottle throttle, int maxConcurrentChecks) {
    this.users = users;
    this.throttle = throttle;
    this.checks = new Semaphore(maxConcurrentChecks, true);
  }

  /**
   * Checks a password.
   *
   * @param user the user name as given
   * @param password the password as given
   * @param address the client's address (a port after it is ignored)
   * @param transport how the client came: {@code SOAP}, {@code OPENWIRE}, {@code STOMP}, {@code
   *     MQTT}
   * @return the user, or empty for a wrong name or password, or an attempt the throttle refused
   *     (the caller must not tell these apart in its answer)
   */
  public Optional<User> check(String user, String password, String address, String transport) {
    if (user == null || password == null) {
      return Optional.empty(); // no credentials at all: nothing guessed
    }
    if (throttle.admit(user, address, transport) != null) {
      record(transport, Outcome.REFUSED);
      return Optional.empty();
    }
    Optional<User> u = users.remembered(user, password);
    if (u.isEmpty()) {
      checks.acquireUninterruptibly();
      try {
        u = users.authenticate(user, password);
      } finally {
        checks.release();
      }
    }
    if (u.isPresent()) {
      throttle.succeeded(user, address);
      record(transport, Outcome.OK);
    } else {
      throttle.failed(user, address, transport);
      record(transport, Outcome.FAILED);
    }
    return u;
  }

  /** With the default limits ({@link LoginLimits#DEFAULTS}) on the system clock. */
  public PasswordLogins(UserStore users) {
    this(
        users,
        new LoginThrottle(LoginLimits.DEFAULTS, Clock.systemUTC()),
        LoginLimits.DEFAULTS.maxConcurrentChecks());
  }

  /** The users whose passwords are checked. */
  public UserStore users() {
    return users;
  }

  /** The throttle, to list and clear its entries. */
  public LoginThrottle throttle() {
    return throttle;
  }

  /** Attempts so far by transport and outcome ({@code "SOAP OK"}, {@code "MQTT REFUSED"}...). */
  public Map<String, Long> counts() {
    Map<String, Long> out = new java.util.TreeMap<>();
    counts.forEach((k, v) -> out.put(k, v.sum()));
    return out;
  }

  /** Attempts so far over one transport with one outcome. */
  public long count(String transport, Outcome outcome) {
    LongAdder n = counts.get(transport + " " + outcome);
    return n == null ? 0 : n.sum();
  }

  private void record(String transport, Outcome outcome) {
    counts.computeIfAbsent(transport + " " + outcome, k -> new LongAdder()).increment();
  }
}
