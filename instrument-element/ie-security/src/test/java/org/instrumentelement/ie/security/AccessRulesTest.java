package org.instrumentelement.ie.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.ImException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Users, grants, passwords and reservations, without a server. */
class AccessRulesTest {

  @Test
  void grantsCoverTheirSubtreeOnly() {
    Grant g = Grant.parse("control:lab/scope");
    assertTrue(g.covers("lab/scope"));
    assertTrue(g.covers("lab/scope/probe"));
    assertFalse(g.covers("lab/scopes"), "a sibling with the same prefix");
    assertFalse(g.covers("lab"));
    assertTrue(Grant.parse("observe:*").covers("anything/at/all"));
    assertThrows(IllegalArgumentException.class, () -> Grant.parse("control"));
    assertThrows(IllegalArgumentException.class, () -> Grant.parse("fly:lab"));
    assertThrows(IllegalArgumentException.class, () -> Grant.parse("control:lab/../x"));
  }

  @Test
  void higherRolesIncludeLowerOnes() {
    User u = new User("u", "", List.of(Grant.parse("observe:*"), Grant.parse("admin:lab/array")));
    assertTrue(u.may(Role.OBSERVE, "lab/scope"));
    assertFalse(u.may(Role.CONTROL, "lab/scope"));
    assertTrue(u.may(Role.CONTROL, "lab/array"));
    assertTrue(u.may(Role.ADMIN, "lab/array"));
    assertTrue(u.mayAnywhere(Role.ADMIN));
  }

  @Test
  void somethingOfEveryImIsNothingForNoIm() {
    Caller observer = new Caller("o", new User("o", "", List.of(Grant.parse("observe:lab/array"))));
    assertTrue(observer.mayAll(Role.OBSERVE, List.of("lab/array", "lab/array/probe")));
    assertFalse(observer.mayAll(Role.OBSERVE, List.of("lab/array", "lab/scope")));
    assertFalse(observer.mayAll(Role.OBSERVE, List.of()), "what names no IM is nobody's");
    Caller admin = new Caller("a", new User("a", "", List.of(Grant.parse("admin:*"))));
    assertFalse(admin.mayAll(Role.OBSERVE, List.of()), "not even an administrator's");
  }

  @Test
  void passwordsAreHashedAndVerified() {
    String h = PasswordHash.hash("s3cret".toCharArray(), 1000);
    assertTrue(h.startsWith("pbkdf2-sha256:1000:"));
    assertTrue(PasswordHash.verify("s3cret".toCharArray(), h));
    assertFalse(PasswordHash.verify("s3cret!".toCharArray(), h));
    assertFalse(PasswordHash.verify("s3cret".toCharArray(), "plain-text"));
    assertFalse(h.contains("s3cret"));
  }

  @Test
  void anUnknownNameCostsAsMuchAsAWrongPassword() {
    // Counted in key derivations, not timed: both refusals derive one key.
    UserStore store =
        UserStore.of(
            List.of(
                new User(
                    "alice",
                    PasswordHash.hash("wonderland".toCharArray(), 1000),
                    List.of(Grant.parse("observe:*")))));
    long before = PasswordHash.derivations();
    assertFalse(store.authenticate("alice", "Wonderland").isPresent());
    long wrongPassword = PasswordHash.derivations() - before;
    before = PasswordHash.derivations();
    assertFalse(store.authenticate("mallory", "wonderland").isPresent());
    long unknownName = PasswordHash.derivations() - before;
    assertEquals(1, wrongPassword);
    assertEquals(wrongPassword, unknownName);
  }

  @Test
  void usersFileIsReadAndCheckedStrictly(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("users.properties");
    Files.writeString(
        f,
        "user.alice.password = "
            + PasswordHash.hash("wonderland".toCharArray(), 1000)
            + "\nuser.alice.grants = observe:*, control:lab/scope\n");
    UserStore store = UserStore.load(f);
    assertTrue(store.authenticate("alice", "wonderland").isPresent());
    assertTrue(store.authenticate("alice", "wonderland").isPresent(), "cached the second time");
    assertFalse(store.authenticate("alice", "Wonderland").isPresent());
    assertFalse(store.authenticate("bob", "wonderland").isPresent());
    assertTrue(store.user("alice").get().may(Role.CONTROL, "lab/scope"));

    Files.writeString(f, "user.alice.password = wonderland\n");
    ConfigException e = assertThrows(ConfigException.class, () -> UserStore.load(f));
    assertTrue(e.getMessage().contains("must be a hash"), e.getMessage());
    Files.writeString(f, "user.alice.role = admin\n");
    assertThrows(ConfigException.class, () -> UserStore.load(f));
    Files.writeString(
        f,
        "user.alice.password = "
            + PasswordHash.hash("x".toCharArray(), 1000)
            + "\nuser.alice.grants = boss:*\n");
    assertThrows(ConfigException.class, () -> UserStore.load(f));
  }

  @Test
  void clientCertificatesAreMappedToUsers(@TempDir Path dir) throws Exception {
    TestCertificates certificates = TestCertificates.in(dir);
    Path robot = certificates.strangerKeystore("robot-1");
    Path logger = certificates.strangerKeystore("logger-7");
    Path other = certificates.strangerKeystore("other");
    String fingerprint = TestCertificates.fingerprint(logger, "logger-7");
    Path f = dir.resolve("users.properties");
    Files.writeString(
        f,
        "user.robot.certificate = cn:robot-1\nuser.robot.grants = observe:lab\n"
            + "user.logger.certificate = SHA256:"
            + fingerprint.toUpperCase().replaceAll("(..)(?!$)", "$1:")
            + "\nuser.logger.password = "
            + PasswordHash.hash("log".toCharArray(), 1000)
            + "\n");
    UserStore store = UserStore.load(f);
    assertEquals("robot", store.byCertificate(certificate(robot, "robot-1")).get().name());
    assertEquals("logger", store.byCertificate(certificate(logger, "logger-7")).get().name());
    assertFalse(store.byCertificate(certificate(other, "other")).isPresent());
    assertFalse(store.authenticate("robot", "").isPresent(), "a certificate user has no password");
    assertTrue(
        store.authenticate("logger", "log").isPresent(), "both a certificate and a password");

    Files.writeString(f, "user.robot.certificate = robot-1\n");
    ConfigException e = assertThrows(ConfigException.class, () -> UserStore.load(f));
    assertTrue(e.getMessage().contains("is not cn:<common name> or sha256:"), e.getMessage());
    Files.writeString(f, "user.robot.certificate = sha256:abcd\n");
    assertThrows(ConfigException.class, () -> UserStore.load(f));
    Files.writeString(f, "user.a.certificate = cn:robot-1\nuser.b.certificate = cn:robot-1\n");
    e = assertThrows(ConfigException.class, () -> UserStore.load(f));
    assertTrue(e.getMessage().contains("names both"), e.getMessage());
    Files.writeString(f, "user.nobody.grants = observe:*\n");
    e = assertThrows(ConfigException.class, () -> UserStore.load(f));
    assertTrue(e.getMessage().contains("unless the user logs in with"), e.getMessage());
  }

  static X509Certificate certificate(Path keystore, String alias) throws Exception {
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keystore)) {
      ks.load(in, TestCertificates.PASSWORD.toCharArray());
    }
    return (X509Certificate) ks.getCertificate(alias);
  }

  /** A clock the test moves. */
  static final class TestClock extends Clock {
    Instant now = Instant.parse("2026-11-21T10:00:00Z");

    @Override
    public Instant instant() {
      return now;
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

  private static FaultCode refusal(ThrowingRunnable r) {
    return assertThrows(ImException.class, r::run).code();
  }

  interface ThrowingRunnable {
    void run() throws Exception;
  }

  @Test
  void reservationsExcludeOthersUntilTheyLapse() throws Exception {
    TestClock clock = new TestClock();
    Reservations r = new Reservations(clock);
    r.reserve("alice", "lab/scope", Duration.ofMinutes(5));
    r.checkControl("alice", "lab/scope");
    r.checkControl("bob", "lab/array");
    assertEquals(FaultCode.RESERVED, refusal(() -> r.checkControl("bob", "lab/scope")));
    assertEquals(FaultCode.RESERVED, refusal(() -> r.checkControl("bob", "lab/scope/probe")));
    assertEquals(
        FaultCode.RESERVED,
        refusal(() -> r.reserve("bob", "lab", Duration.ofMinutes(1))),
        "an ancestor overlaps");
    assertEquals(
        FaultCode.RESERVED, refusal(() -> r.reserve("bob", "lab/scope", Duration.ofMinutes(1))));
    clock.now = clock.now.plus(Duration.ofMinutes(4));
    r.renew("alice", "lab/scope", Duration.ofMinutes(5));
    clock.now = clock.now.plus(Duration.ofMinutes(4));
    assertEquals(FaultCode.RESERVED, refusal(() -> r.checkControl("bob", "lab/scope")), "renewed");
    clock.now = clock.now.plus(Duration.ofMinutes(2));
    r.checkControl("bob", "lab/scope"); // lapsed: the holder disappeared
    assertEquals(
        FaultCode.RESERVED, refusal(() -> r.renew("alice", "lab/scope", Duration.ofMinutes(1))));
    assertTrue(r.list().isEmpty());
  }

  @Test
  void reservationsAreReleasedOrBroken() throws Exception {
    Reservations r = new Reservations(new TestClock());
    r.reserve("alice", "lab/scope", Duration.ofMinutes(5));
    assertFalse(r.release("bob", "lab/scope"), "only the holder releases");
    assertTrue(r.release("alice", "lab/scope"));
    r.reserve("alice", "lab/scope", Duration.ofMinutes(5));
    assertTrue(r.breakReservation("lab/scope"));
    r.checkControl("bob", "lab/scope");
    assertEquals(
        FaultCode.OUT_OF_RANGE, refusal(() -> r.reserve("alice", "lab", Duration.ofHours(9))));
    assertEquals(FaultCode.OUT_OF_RANGE, refusal(() -> r.reserve("alice", "lab", Duration.ZERO)));
  }

  @Test
  void accessControlChecksRolesThenReservations() throws Exception {
    TestClock clock = new TestClock();
    User operator = new User("op", "", List.of(Grant.parse("control:lab")));
    User observer = new User("obs", "", List.of(Grant.parse("observe:lab")));
    AccessControl access =
        new AccessControl(
            new PasswordLogins(UserStore.of(List.of(operator, observer))), new Reservations(clock));
    Caller op = new Caller("op", operator);
    Caller obs = new Caller("obs", observer);
    access.check(op, Role.CONTROL, "lab/scope");
    assertEquals(
        FaultCode.NOT_AUTHORIZED, refusal(() -> access.check(obs, Role.CONTROL, "lab/scope")));
    assertEquals(
        FaultCode.NOT_AUTHORIZED, refusal(() -> access.check(op, Role.ADMIN, "lab/scope")));
    assertEquals(
        FaultCode.NOT_AUTHORIZED, refusal(() -> access.check(op, Role.OBSERVE, "garage/drill")));
    access.reservations().reserve("someone", "lab/scope", Duration.ofMinutes(1));
    assertEquals(FaultCode.RESERVED, refusal(() -> access.check(op, Role.CONTROL, "lab/scope")));
    access.check(obs, Role.OBSERVE, "lab/scope"); // reading is not blocked by a reservation
    access.checkRole(op, Role.CONTROL, "lab/scope");
    assertEquals(FaultCode.NOT_AUTHORIZED, refusal(() -> access.checkAnywhere(obs, Role.CONTROL)));
    assertTrue(
        new AccessControl(null, new Reservations(clock))
            .authenticate(null, null, null, "SOAP")
            .isPresent());
  }

  @Test
  void auditRecordsAreJsonLines(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("audit/audit.log");
    try (AuditLog log = new AuditLog(f)) {
      log.record(
          Instant.parse("2026-11-21T10:00:00Z"),
          "alice",
          "10.0.0.7",
          "setParameter",
          "lab/scope",
          "timebase = \"0.1\"\n",
          "OK");
    }
    String line = Files.readAllLines(f).get(0);
    assertEquals(
        "{\"time\":\"2026-11-21T10:00:00Z\",\"user\":\"alice\",\"remote\":\"10.0.0.7\",\"operation\":\"setParameter\","
            + "\"im\":\"lab/scope\",\"details\":\"timebase = \\\"0.1\\\"\\n\",\"result\":\"OK\"}",
        line);
  }
}
