package org.instrumentelement.portal.auth;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Who may sign in: user names with PBKDF2 password hashes, from a properties file ({@code user =
 * pbkdf2-sha256:...}, made with {@link PasswordHash#main}), or the one development user when no
 * file is configured. The file is read once, at start-up.
 */
public final class UserStore {
  /** The user that exists when no users file is configured (development only). */
  public static final String DEVELOPMENT_USER = "operator";

  /** Its password. */
  public static final String DEVELOPMENT_PASSWORD = "operator";

  private final Map<String, String> hashes;
  private final boolean development;

  /** A hash to check against for unknown users, so that they take as long as known ones. */
  private final String decoy;

  private UserStore(Map<String, String> hashes, boolean development) {
    this.hashes = Map.copyOf(hashes);
    this.development = development;
    this.decoy = hashes.values().stream().findFirst().orElseThrow();
  }

  /** The users of {@code file}. */
  public static UserStore load(Path file) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      p.load(r);
    }
    Map<String, String> hashes = new TreeMap<>();
    for (String user : p.stringPropertyNames()) {
      String hash = p.getProperty(user).trim();
      if (!validName(user)) {
        throw new IOException(file + ": '" + user + "' is not a valid user name");
      }
      try {
        PasswordHash.checkFormat(hash);
      } catch (IllegalArgumentException e) {
        throw new IOException(
            file
                + ": the entry of '"
                + user
                + "' is not a pbkdf2-sha256 hash ("
                + e.getMessage()
                + ")");
      }
      hashes.put(user, hash);
    }
    if (hashes.isEmpty()) {
      throw new IOException(file + " lists no users");
    }
    return new UserStore(hashes, false);
  }

  /** Only the development user, {@value #DEVELOPMENT_USER} / {@value #DEVELOPMENT_PASSWORD}. */
  public static UserStore development() {
    return new UserStore(
        Map.of(DEVELOPMENT_USER, PasswordHash.hash(DEVELOPMENT_PASSWORD.toCharArray(), 10_000)),
        true);
  }

  /** Whether this is the development store. */
  public boolean isDevelopment() {
    return development;
  }

  /** Whether {@code user} exists and {@code password} is theirs. */
  public boolean authenticate(String user, char[] password) {
    String hash = user == null ? null : hashes.get(user);
    if (hash == null) {
      PasswordHash.matches(password, decoy);
      return false;
    }
    return PasswordHash.matches(password, hash);
  }

  static boolean validName(String user) {
    return user.matches("[A-Za-z0-9_.@-]{1,64}");
  }
}
