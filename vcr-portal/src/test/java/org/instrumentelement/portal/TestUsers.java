package org.instrumentelement.portal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * An IE users file (docs/security.md) for tests: each password is the user's name, hashed in the
 * IE's format with few iterations so that signing in costs the test nothing.
 */
final class TestUsers {
  private TestUsers() {}

  /**
   * Writes the users to {@code file}.
   *
   * @param settings per user, its one setting: {@code grants = ...} or {@code node = ...}
   */
  static Path write(Path file, Map<String, String> settings) throws IOException {
    StringBuilder text = new StringBuilder();
    settings.forEach(
        (user, setting) ->
            text.append("user.")
                .append(user)
                .append(".password = ")
                .append(hash(user))
                .append("\nuser.")
                .append(user)
                .append('.')
                .append(setting)
                .append('\n'));
    return Files.writeString(file, text);
  }

  /** {@code pbkdf2-sha256:<iterations>:<salt>:<hash>}, as the IE's PasswordHash writes it. */
  private static String hash(String password) {
    byte[] salt = new byte[16];
    new SecureRandom().nextBytes(salt);
    int iterations = 1000;
    try {
      byte[] h =
          SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")
              .generateSecret(new PBEKeySpec(password.toCharArray(), salt, iterations, 256))
              .getEncoded();
      Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
      return "pbkdf2-sha256:"
          + iterations
          + ":"
          + b64.encodeToString(salt)
          + ":"
          + b64.encodeToString(h);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
