package org.instrumentelement.ie.security;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Writes a users file for tests, with cheap password hashes (1,000 iterations). */
public final class UsersFile {
  private UsersFile() {}

  /**
   * Writes {@code users} (name to grants; each password is the user's name) to {@code file}.
   *
   * @return the file
   */
  public static Path write(Path file, Map<String, String> users) throws IOException {
    StringBuilder text = new StringBuilder();
    users.forEach(
        (user, grants) ->
            text.append("user.")
                .append(user)
                .append(".password = ")
                .append(PasswordHash.hash(user.toCharArray(), 1000))
                .append("\nuser.")
                .append(user)
                .append(".grants = ")
                .append(grants)
                .append('\n'));
    return Files.writeString(file, text);
  }

  /**
   * One user's lines: the password (the user's name) with a cheap hash, and one more setting
   * ({@code grants}, or {@code node} for a sensor node's account).
   */
  public static String entry(String user, String key, String value) {
    return "user."
        + user
        + ".password = "
        + PasswordHash.hash(user.toCharArray(), 1000)
        + "\nuser."
        + user
        + "."
        + key
        + " = "
        + value
        + "\n";
  }
}
