package org.instrumentelement.ie.config;

import java.time.Duration;

/**
 * How hard password guessing is made (configuration keys {@code login.*}; applied by the security
 * package's {@code LoginThrottle}).
 *
 * @param enabled whether failures are tracked at all
 * @param addressFreeFailures failures an address may have before it must wait between attempts
 * @param addressLockFailures failures after which an address is locked out for {@code lockTime}
 * @param baseDelay the first wait; each further failure doubles it
 * @param maxDelay the longest wait of an address between two attempts
 * @param lockTime how long a lock-out lasts
 * @param userFreeFailures failures a user name may have, from addresses it has not signed in from
 *     lately, before such attempts must wait
 * @param userMaxDelay the longest wait for a user name
 * @param userLockout whether a user name is also locked out (off by default: anyone who knows a
 *     user name could then lock that user out)
 * @param userLockFailures failures after which a user name is locked out, if {@code userLockout}
 * @param forgetAfter an entry without a new failure for this long is forgotten
 * @param trustFor how long an address a user signed in from stays exempt from the per-user limit
 * @param maxEntries most addresses (and, apart, most user names) remembered
 * @param maxConcurrentChecks most passwords checked at once (each check is a deliberately slow key
 *     derivation; more wait), so that guesses cannot take every core
 */
public record LoginLimits(
    boolean enabled,
    int addressFreeFailures,
    int addressLockFailures,
    Duration baseDelay,
    Duration maxDelay,
    Duration lockTime,
    int userFreeFailures,
    Duration userMaxDelay,
    boolean userLockout,
    int userLockFailures,
    Duration forgetAfter,
    Duration trustFor,
    int maxEntries,
    int maxConcurrentChecks) {

  /** The defaults of the {@code login.*} keys ({@link ConfigKeys}). */
  public static final LoginLimits DEFAULTS = defaults();

  private static LoginLimits defaults() {
    try {
      return read(KeyValues.defaults());
    } catch (ConfigException e) {
      throw new IllegalStateException("the login.* defaults do not read: " + e.getMessage(), e);
    }
  }

  public LoginLimits {
    if (addressFreeFailures < 1 || addressLockFailures < addressFreeFailures) {
      throw new IllegalArgumentException(
          "login.address.lockFailures must be at least login.address.freeFailures (>= 1)");
    }
    if (userFreeFailures < 1 || (userLockout && userLockFailures < userFreeFailures)) {
      throw new IllegalArgumentException(
          "login.user.lockFailures must be at least login.user.freeFailures (>= 1)");
    }
    if (maxEntries < 1 || maxConcurrentChecks < 1) {
      throw new IllegalArgumentException(
          "login.maxEntries and login.maxConcurrentChecks must be at least 1");
    }
  }

  /** The {@code login.*} keys. */
  static LoginLimits read(KeyValues keys) throws ConfigException {
    try {
      return new LoginLimits(
          keys.get(ConfigKeys.LOGIN_THROTTLE),
          keys.get(ConfigKeys.LOGIN_FREE_FAILURES),
          keys.get(ConfigKeys.LOGIN_LOCK_FAILURES),
          keys.get(ConfigKeys.LOGIN_DELAY),
          keys.get(ConfigKeys.LOGIN_MAX_DELAY),
          keys.get(ConfigKeys.LOGIN_LOCK_TIME),
          keys.get(ConfigKeys.LOGIN_USER_FREE_FAILURES),
          keys.get(ConfigKeys.LOGIN_USER_MAX_DELAY),
          keys.get(ConfigKeys.LOGIN_USER_LOCKOUT),
          keys.get(ConfigKeys.LOGIN_USER_LOCK_FAILURES),
          keys.get(ConfigKeys.LOGIN_FORGET_AFTER),
          keys.get(ConfigKeys.LOGIN_TRUST_FOR),
          keys.get(ConfigKeys.LOGIN_MAX_ENTRIES),
          keys.get(ConfigKeys.LOGIN_MAX_CONCURRENT_CHECKS));
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }
}
