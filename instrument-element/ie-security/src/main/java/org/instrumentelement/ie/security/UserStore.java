package org.instrumentelement.ie.security;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.instrumentelement.ie.config.ConfigException;

/**
 * The users of an Instrument Element, from one properties file:
 *
 * <pre>
 * user.alice.password    = pbkdf2-sha256:600000:...   (PasswordHash output)
 * user.alice.grants      = observe:*, control:lab/scope
 * user.robot.certificate = cn:robot-1                  (or sha256:&lt;fingerprint&gt;)
 * user.robot.grants      = observe:lab
 * user.n17.password      = pbkdf2-sha256:...
 * user.n17.node          = lab/sensors:n17             (publishes as node n17 of lab/sensors only)
 * </pre>
 *
 * <p>A user named by a client certificate (mutual TLS, for machine clients) logs in by presenting
 * it, without a password; a user may have a password, certificates, or both.
 *
 * <p>Checking a password costs a deliberately slow key derivation, so a successful check is
 * remembered (by a SHA-256 of name and password, never the password) and later requests with the
 * same credentials are cheap.
 */
public final class UserStore {
  private final Map<String, User> users;
  private final Map<CertificateName, String> certificates;
  private final Map<String, String> verified = new ConcurrentHashMap<>();
  private final boolean development;

  /**
   * Checked instead of a hash when the name is unknown, so that a wrong name costs as much as a
   * wrong password and the time of a refusal does not tell which names exist. It has the iteration
   * count of the store's users.
   */
  private final String decoyHash;

  private UserStore(
      Map<String, User> users, Map<CertificateName, String> certificates, boolean development) {
    this.users = Map.copyOf(users);
    this.certificates = new LinkedHashMap<>(certificates);
    this.development = development;
    int iterations =
        users.values().stream()
            .filter(u -> u.passwordHash() != null)
            .mapToInt(u -> PasswordHash.iterations(u.passwordHash()))
            .max()
            .orElse(PasswordHash.ITERATIONS);
    char[] random = UUID.randomUUID().toString().toCharArray();
    this.decoyHash = PasswordHash.hash(random, iterations);
  }

  /** Reads the users file. */
  public static UserStore load(Path file) throws ConfigException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException e) {
      throw new ConfigException("cannot read users file " + file + ": " + e.getMessage(), e);
    }
    Map<String, Map<String, String>> byUser = new LinkedHashMap<>();
    for (String key : p.stringPropertyNames()) {
      String[] parts = key.split("\\.");
      if (parts.length != 3 || !parts[0].equals("user") || !parts[1].matches("[A-Za-z0-9_.@-]+")) {
        throw new ConfigException(
            file
                + ": unknown key '"
                + key
                + "' (user.<name>.password, user.<name>.grants, user.<name>.certificate,"
                + " user.<name>.node)");
      }
      byUser
          .computeIfAbsent(parts[1], k -> new LinkedHashMap<>())
          .put(parts[2], p.getProperty(key).trim());
    }
    Map<String, User> users = new LinkedHashMap<>();
    Map<CertificateName, String> certificates = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, String>> e : byUser.entrySet()) {
      String name = e.getKey();
      Map<String, String> kv = e.getValue();
      for (String k : kv.keySet()) {
        if (!k.equals("password")
            && !k.equals("grants")
            && !k.equals("certificate")
            && !k.equals("node")) {
          throw new ConfigException(file + ": unknown setting user." + name + "." + k);
        }
      }
      String hash = kv.get("password");
      if (hash == null ? !kv.containsKey("certificate") : !PasswordHash.wellFormed(hash)) {
        throw new ConfigException(
            file
                + ": user."
                + name
                + ".password must be a hash made by PasswordHash (see docs/security.md),"
                + " unless the user logs in with user."
                + name
                + ".certificate");
      }
      for (String c : kv.getOrDefault("certificate", "").split(",")) {
        if (c.isBlank()) {
          continue;
        }
        CertificateName certificate;
        try {
          certificate = CertificateName.parse(c);
        } catch (IllegalArgumentException ex) {
          throw new ConfigException(file + ": user." + name + ".certificate: " + ex.getMessage());
        }
        String other = certificates.putIfAbsent(certificate, name);
        if (other != null) {
          throw new ConfigException(
              file + ": the certificate " + certificate + " names both " + other + " and " + name);
        }
      }
      users.put(
          name,
          new User(
              name,
              hash,
              grants(kv.getOrDefault("grants", ""), file + ": user." + name),
              nodes(kv.getOrDefault("node", ""), file + ": user." + name)));
    }
    return new UserStore(users, certificates, false);
  }

  private static List<Grant> grants(String text, String where) throws ConfigException {
    List<Grant> out = new ArrayList<>();
    for (String g : text.split(",")) {
      if (!g.isBlank()) {
        try {
          out.add(Grant.parse(g));
        } catch (IllegalArgumentException e) {
          throw new ConfigException(where + ".grants: " + e.getMessage());
        }
      }
    }
    return out;
  }

  private static List<NodeAccount> nodes(String text, String where) throws ConfigException {
    List<NodeAccount> out = new ArrayList<>();
    for (String n : text.split(",")) {
      if (!n.isBlank()) {
        try {
          out.add(NodeAccount.parse(n));
        } catch (IllegalArgumentException e) {
          throw new ConfigException(where + ".node: " + e.getMessage());
        }
      }
    }
    return out;
  }

  /**
   * Development users for the quick start, with well-known passwords: {@code admin/admin} (admin on
   * everything), {@code operator/operator} (control) and {@code observer/observer} (observe). Never
   * for a laboratory network.
   */
  public static UserStore developmentUsers() {
    Map<String, User> users = new LinkedHashMap<>();
    for (String[] u :
        new String[][] {
          {"admin", "admin:*"}, {"operator", "control:*"}, {"observer", "observe:*"}
        }) {
      users.put(
          u[0],
          new User(u[0], PasswordHash.hash(u[0].toCharArray(), 1_000), List.of(Grant.parse(u[1]))));
    }
    return new UserStore(users, Map.of(), true);
  }

  /** A store with the given users (tests, and the broker's internal publisher account). */
  public static UserStore of(Collection<User> users) {
    Map<String, User> m = new LinkedHashMap<>();
    users.forEach(u -> m.put(u.name(), u));
    return new UserStore(m, Map.of(), false);
  }

  /** Whether these are the well-known development users. */
  public boolean isDevelopment() {
    return development;
  }

  public Collection<User> users() {
    return users.values();
  }

  public Optional<User> user(String name) {
    return Optional.ofNullable(users.get(name));
  }

  /**
   * The user if {@code password} is theirs and was checked before: no key derivation. Empty when it
   * would take one.
   */
  public Optional<User> remembered(String name, String password) {
    if (name == null || password == null) {
      return Optional.empty();
    }
    User u = users.get(name);
    return u != null && fingerprint(name, password).equals(verified.get(name))
        ? Optional.of(u)
        : Optional.empty();
  }

  /** The user if {@code password} is theirs. */
  public Optional<User> authenticate(String name, String password) {
    if (name == null || password == null) {
      return Optional.empty();
    }
    User u = users.get(name);
    if (u == null || u.passwordHash() == null) {
      PasswordHash.verify(password.toCharArray(), decoyHash);
      return Optional.empty();
    }
    String fingerprint = fingerprint(name, password);
    if (fingerprint.equals(verified.get(name))) {
      return Optional.of(u);
    }
    if (PasswordHash.verify(password.toCharArray(), u.passwordHash())) {
      verified.put(name, fingerprint);
      return Optional.of(u);
    }
    return Optional.empty();
  }

  /**
   * The user a client certificate names ({@code user.<name>.certificate}), if any. The certificate
   * must already have been verified by TLS against {@code tls.clientTrustStore}.
   */
  public Optional<User> byCertificate(X509Certificate certificate) {
    for (Map.Entry<CertificateName, String> e : certificates.entrySet()) {
      if (e.getKey().matches(certificate)) {
        return user(e.getValue());
      }
    }
    return Optional.empty();
  }

  /** Whether any user logs in with a client certificate. */
  public boolean hasCertificates() {
    return !certificates.isEmpty();
  }

  /** A digest per thread: looking one up costs about as much as the hash of a short text. */
  private static final ThreadLocal<MessageDigest> SHA_256 =
      ThreadLocal.withInitial(UserStore::sha256);

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String fingerprint(String name, String password) {
    MessageDigest d = SHA_256.get();
    d.reset();
    d.update(name.getBytes(StandardCharsets.UTF_8));
    d.update((byte) 0);
    d.update(password.getBytes(StandardCharsets.UTF_8));
    return HexFormat.of().formatHex(d.digest());
  }
}
