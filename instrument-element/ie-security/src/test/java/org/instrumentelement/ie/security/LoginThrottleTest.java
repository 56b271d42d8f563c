package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ie.config.LoginLimits;
import org.instrumentelement.ie.security.LoginThrottle.Refusal;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {
  static final String A = "10.0.0.7";
  static final String B = "10.0.0.8";

  /** A clock the test moves by hand. */
  static final class ManualClock extends Clock {
    Instant now = Instant.parse("2026-11-23T10:00:00Z");

    @Override
    public Instant instant() {
      return now;
    }

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }

  final ManualClock clock = new ManualClock();
  final List<String> events = new ArrayList<>();
  final LoginThrottle throttle =
      new LoginThrottle(
          LoginLimits.DEFAULTS,
          clock,
          new LoginThrottle.Listener() {
            @Override
            public void failed(String user, String address, String transport, int failures) {
              events.add("failed " + user + " " + address + " " + failures);
            }

            @Override
            public void locked(String kind, String key, String transport, int n, Instant until) {
              events.add("locked " + kind + " " + key + " " + n);
            }

            @Override
            public void refused(String user, String address, String transport, Refusal why) {
              events.add("refused " + user + " " + address + " " + why);
            }
          });

  /** One wrong password, as a transport reports it: admitted, then failed. */
  Refusal attempt(String user, String address) {
    Refusal why = throttle.admit(user, address, "SOAP");
    if (why == null) {
      throttle.failed(user, address, "SOAP");
    }
    return why;
  }

  @Test
  void anAddressIsSlowedAfterFiveFailuresWithDoublingDelays() {
    for (int i = 0; i < 5; i++) {
      assertNull(attempt("admin", A), "failure " + (i + 1) + " is free");
    }
    // The fifth failure set a wait of 1 s; then 2 s, 4 s...
    assertEquals(Refusal.ADDRESS_SLOWED, throttle.admit("admin", A, "SOAP"));
    clock.advance(Duration.ofMillis(999));
    assertEquals(Refusal.ADDRESS_SLOWED, throttle.admit("admin", A, "SOAP"));
    clock.advance(Duration.ofMillis(1));
    assertNull(attempt("admin", A));
    clock.advance(Duration.ofMillis(1999));
    assertEquals(Refusal.ADDRESS_SLOWED, throttle.admit("admin", A, "SOAP"));
    clock.advance(Duration.ofMillis(1));
    assertNull(throttle.admit("admin", A, "SOAP"));
    // Any name from that address waits as well.
    throttle.failed("admin", A, "SOAP");
    assertEquals(Refusal.ADDRESS_SLOWED, throttle.admit("nobody", A, "SOAP"));
  }

  @Test
  void anAddressIsLockedAfterTwentyFailuresUntilTheLockTimeHasPassed() {
    for (int i = 0; i < 20; i++) {
      assertNull(throttle.admit("admin", A, "SOAP"));
      throttle.failed("admin", A, "SOAP");
      clock.advance(Duration.ofSeconds(31)); // past any delay
    }
    assertTrue(events.contains("locked address 10.0.0.7 20"), events.toString());
    assertEquals(Refusal.ADDRESS_LOCKED, throttle.admit("admin", A, "SOAP"));
    clock.advance(Duration.ofMinutes(14));
    assertEquals(Refusal.ADDRESS_LOCKED, throttle.admit("admin", A, "SOAP"));
    clock.advance(Duration.ofMinutes(1));
    assertNull(throttle.admit("admin", A, "SOAP"), "the lock has expired");
    // A new run of failures locks the address again.
    for (int i = 0; i < 20; i++) {
      assertNull(throttle.admit("admin", A, "SOAP"));
      throttle.failed("admin", A, "SOAP");
      clock.advance(Duration.ofSeconds(31));
    }
    assertEquals(Refusal.ADDRESS_LOCKED, throttle.admit("admin", A, "SOAP"));
  }

  @Test
  void theSameUserFromAnotherAddressIsNotHeldUpByOneGuessingAddress() {
    for (int i = 0; i < 9; i++) {
      attempt("admin", A);
    }
    assertEquals(Refusal.ADDRESS_SLOWED, throttle.admit("admin", A, "SOAP"));
    assertNull(throttle.admit("admin", B, "SOAP"));
    throttle.succeeded("admin", B);
    assertNull(throttle.admit("admin", B, "SOAP"));
  }

  @Test
  void guessesAtOneNameFromManyAddressesAreSlowedButNotForAddressesTheUserSignedInFrom() {
    throttle.succeeded("admin", B);
    for (int i = 0; i < 10; i++) {
      assertNull(attempt("admin", "192.0.2." + i));
    }
    assertEquals(Refusal.USER_SLOWED, throttle.admit("admin", "192.0.2.200", "SOAP"));
    assertNull(throttle.admit("admin", B, "SOAP"), "a trusted address is not slowed");
    assertNull(throttle.admit("alice", "192.0.2.200", "SOAP"), "other names are not slowed");
    // Slowed, never locked (login.user.lockout is off): after the wait an attempt is let through.
    for (int i = 0; i < 200; i++) {
      clock.advance(Duration.ofSeconds(5));
      assertNull(attempt("admin", "198.51.100." + (i % 250)));
    }
    clock.advance(Duration.ofSeconds(5));
    assertNull(throttle.admit("admin", "203.0.113.1", "SOAP"));
  }

  @Test
  void aSuccessDoesNotResetTheAddressCount() {
    for (int i = 0; i < 5; i++) {
      attempt("admin", A);
    }
    clock.advance(Duration.ofSeconds(1));
    throttle.succeeded("mallory", A); // the guesser signs in to an account of its own
    assertNull(attempt("admin", A));
    // Sixth failure: still counted from five, so it must wait again (a reset count would not).
    assertEquals(Refusal.ADDRESS_SLOWED, throttle.admit("admin", A, "SOAP"));
  }

  @Test
  void entriesAreForgottenAfterAQuietPeriodAndCanBeListedAndCleared() {
    for (int i = 0; i < 6; i++) {
      clock.advance(Duration.ofMinutes(1));
      attempt("admin", A);
    }
    List<LoginThrottle.Entry> rows = throttle.list();
    assertEquals(2, rows.size(), rows.toString());
    assertTrue(rows.stream().anyMatch(e -> e.kind().equals("address") && e.failures() == 6));
    assertEquals(1, throttle.clear(A));
    assertNull(throttle.admit("admin", A, "SOAP"));
    attempt("bob", B);
    clock.advance(Duration.ofMinutes(15));
    assertEquals(List.of(), throttle.list().stream().filter(e -> e.key().equals(B)).toList());
    attempt("carol", B);
    assertEquals(2, throttle.clear(null), "clear(null) clears every address and name");
    assertEquals(List.of(), throttle.list());
  }

  @Test
  void memoryStaysBoundedWhateverTheNumberOfNamesAndAddressesTried() {
    for (int i = 0; i < 100_000; i++) {
      String address = "10." + (i >> 16 & 255) + "." + (i >> 8 & 255) + "." + (i & 255);
      attempt("user" + i, address);
      throttle.succeeded("other" + i, address);
    }
    assertTrue(
        throttle.size() <= 3 * LoginLimits.DEFAULTS.maxEntries(),
        "entries held: " + throttle.size());
  }

  @Test
  void expiredFailuresStopHoldingAnyoneAndTrustOutlivesThem() {
    throttle.succeeded("admin", A); // admin's own address, trusted from now on
    for (int i = 0; i < 6; i++) {
      attempt("admin", B); // someone guessing admin's password from elsewhere
    }
    assertEquals(Refusal.ADDRESS_SLOWED, throttle.admit("admin", B, "SOAP"));
    assertNull(throttle.admit("admin", A, "SOAP"), "the trusted address is not held up");
    clock.advance(LoginLimits.DEFAULTS.forgetAfter().plusMinutes(1));
    assertNull(throttle.admit("carol", "10.0.0.9", "SOAP"), "an unrelated attempt sweeps");
    assertEquals(1, throttle.size(), "only admin's trusted address is left");
    assertNull(throttle.admit("admin", B, "SOAP"), "the guesses have expired");
  }

  @Test
  void ipv6AddressesCountByTheirSlash64() {
    assertEquals("2001:db8:0:1::/64", LoginThrottle.addressKey("2001:db8:0:1::5"));
    assertEquals(
        LoginThrottle.addressKey("[2001:db8:0:1:aaaa::1]"),
        LoginThrottle.addressKey("2001:db8:0:1:bbbb::2"));
    assertEquals("127.0.0.1", LoginThrottle.addressKey("127.0.0.1"));
    assertEquals("127.0.0.1", LoginThrottle.addressKey("/127.0.0.1:51234"));
    assertEquals("10.0.0.7", LoginThrottle.addressKey("lab-pc/10.0.0.7:51234"));
    assertEquals("2001:db8:0:1::/64", LoginThrottle.addressKey("[2001:db8:0:1::5]:51234"));
    assertEquals("0:0:0:0::/64", LoginThrottle.addressKey("/0:0:0:0:0:0:0:1:51234"));
    assertEquals("unknown", LoginThrottle.addressKey(null));
    for (int i = 0; i < 5; i++) {
      attempt("admin", "2001:db8:0:1::" + Integer.toHexString(i + 1));
    }
    assertEquals(Refusal.ADDRESS_SLOWED, throttle.admit("admin", "2001:db8:0:1::ff", "SOAP"));
  }
}
