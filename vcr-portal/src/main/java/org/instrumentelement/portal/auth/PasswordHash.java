package org.instrumentelement.portal.auth;

import java.io.Console;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * PBKDF2-HMAC-SHA256 password hashes, written as {@code pbkdf2-sha256:<iterations>:<salt>:<hash>}
 * (salt and hash in base64). {@code main} prints a users-file line for a user and a password read
 * from the console.
 */
public final class PasswordHash {
  private static final String PREFIX = "pbkdf2-sha256";
  private static final String ALGORITHM = "PBKDF2WithHmacSHA256";

  /** Iterations of new hashes: OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256. */
  public static final int ITERATIONS = 600_000;

  private static final SecureRandom RANDOM = new SecureRandom();

  private PasswordHash() {}

  /** A new hash of {@code password} with a random salt. */
  public static String hash(char[] password) {
    return hash(password, ITERATIONS);
  }

  static String hash(char[] password, int iterations) {
    byte[] salt = new byte[16];
    RANDOM.nextBytes(salt);
    byte[] dk = derive(password, salt, iterations);
    Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
    return PREFIX
        + ":"
        + iterations
        + ":"
        + b64.encodeToString(salt)
        + ":"
        + b64.encodeToString(dk);
  }

  /**
   * Whether {@code password} matches {@code stored}, compared in constant time.
   *
   * @throws IllegalArgumentException if {@code stored} is not a hash of this format
   */
  public static boolean matches(char[] password, String stored) {
    Parsed p = parse(stored);
    return MessageDigest.isEqual(
        derive(password, p.salt(), p.iterations(), p.hash().length * 8), p.hash());
  }

  /**
   * Checks that {@code stored} is a hash of this format, without the cost of deriving one.
   *
   * @throws IllegalArgumentException if it is not
   */
  public static void checkFormat(String stored) {
    parse(stored);
  }

  private record Parsed(int iterations, byte[] salt, byte[] hash) {}

  private static Parsed parse(String stored) {
    String[] parts = stored.trim().split(":");
    if (parts.length != 4 || !parts[0].equals(PREFIX)) {
      throw new IllegalArgumentException("not a " + PREFIX + " hash");
    }
    int iterations = Integer.parseInt(parts[1]);
    byte[] salt = Base64.getDecoder().decode(parts[2]);
    byte[] hash = Base64.getDecoder().decode(parts[3]);
    if (iterations < 1 || salt.length < 8 || hash.length < 16) {
      throw new IllegalArgumentException("iterations, salt or hash too small");
    }
    return new Parsed(iterations, salt, hash);
  }

  private static byte[] derive(char[] password, byte[] salt, int iterations) {
    return derive(password, salt, iterations, 256);
  }

  private static byte[] derive(char[] password, byte[] salt, int iterations, int bits) {
    PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, bits);
    try {
      return SecretKeyFactory.getInstance(ALGORITHM).generateSecret(spec).getEncoded();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(ALGORITHM + " is part of every Java 17 runtime", e);
    } finally {
      spec.clearPassword();
    }
  }

  /** Prints {@code <user> = <hash>} for a users file. Usage: {@code PasswordHash USER}. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1 || !UserStore.validName(args[0])) {
      System.err.println("usage: PasswordHash USER   (the password is read from the console)");
      System.exit(2);
      return;
    }
    char[] password;
    Console console = System.console();
    if (console != null) {
      password = console.readPassword("password for %s: ", args[0]);
    } else {
      password = new String(System.in.readAllBytes(), StandardCharsets.UTF_8).strip().toCharArray();
    }
    System.out.println(args[0] + " = " + hash(password));
  }
}
