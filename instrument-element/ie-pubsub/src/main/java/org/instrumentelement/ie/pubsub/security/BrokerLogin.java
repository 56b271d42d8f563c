package org.instrumentelement.ie.pubsub.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.Principal;
import java.security.cert.X509Certificate;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.instrumentelement.ie.pubsub.transport.ClientProtocol;
import org.instrumentelement.ie.security.Grant;
import org.instrumentelement.ie.security.PasswordLogins;
import org.instrumentelement.ie.security.Role;
import org.instrumentelement.ie.security.User;

/**
 * The one place where a broker client's login is checked, on every protocol: the Instrument
 * Element's own publisher (a secret made at each start), a user of the user store by password, or
 * (over TLS, without a password) a user by the client certificate the users file maps to them. What
 * a login yields is the set of groups the broker's authorization map is written for.
 */
final class BrokerLogin {
  private final PasswordLogins logins;
  private final byte[] publisherPassword;

  BrokerLogin(PasswordLogins logins, String publisherPassword) {
    this.logins = logins;
    this.publisherPassword = publisherPassword.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * A login as a client presents it.
   *
   * @param user the user name, or null
   * @param password the password, or null
   * @param protocol the client's protocol; null for the in-JVM connection of the publisher
   * @param address the client's address and port
   * @param certificates the certificate chain the client presented in its TLS handshake (already
   *     verified against the client trust store), its own first; empty if none
   */
  record Attempt(
      String user,
      String password,
      ClientProtocol protocol,
      String address,
      List<X509Certificate> certificates) {
    Attempt {
      certificates = List.copyOf(certificates);
    }

    /** Whether the client logs in by certificate: it presented one and no password. */
    boolean byCertificate() {
      return (password == null || password.isEmpty()) && !certificates.isEmpty();
    }
  }

  /** Who a successful login is. */
  record Identity(String user, boolean publisher, boolean admin, Set<Principal> groups) {}

  /**
   * Checks a login.
   *
   * @return the identity, or empty if the user name or password is wrong, or the certificate names
   *     no user (or another user than the name given with it)
   */
  Optional<Identity> check(Attempt attempt) {
    String user = attempt.user();
    String password = attempt.password();
    if (attempt.byCertificate()) {
      return logins
          .users()
          .byCertificate(attempt.certificates().get(0))
          .filter(u -> user == null || user.isEmpty() || u.name().equals(user))
          .map(BrokerLogin::identity);
    }
    if (user == null || password == null) {
      return Optional.empty();
    }
    if (BrokerSecurity.PUBLISHER.equals(user)) {
      if (!MessageDigest.isEqual(publisherPassword, password.getBytes(StandardCharsets.UTF_8))) {
        return Optional.empty();
      }
      return Optional.of(new Identity(user, true, false, Set.of(BrokerSecurity.Group.PUBLISHERS)));
    }
    String transport = attempt.protocol() == null ? "IN_JVM" : attempt.protocol().name();
    return logins.check(user, password, attempt.address(), transport).map(BrokerLogin::identity);
  }

  private static Identity identity(User u) {
    Set<Principal> groups = new HashSet<>();
    groups.add(BrokerSecurity.Group.of(u.name()));
    groups.add(BrokerSecurity.Group.USERS);
    boolean admin = isAdmin(u);
    if (admin) {
      groups.add(BrokerSecurity.Group.ADMINS);
    }
    return new Identity(u.name(), false, admin, Set.copyOf(groups));
  }

  /**
   * Whether a user administers the whole element, and so may see the broker's advisories (which
   * describe every connection and subscription) and use temporary destinations.
   */
  static boolean isAdmin(User u) {
    return u.may(Role.ADMIN, Grant.EVERYTHING);
  }
}
