package org.instrumentelement.ie.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Password hashes as stored in the users file: {@code pbkdf2-sha256:<iterations>:<salt>:<hash>}
 * (salt and hash in base64). Run as a program to hash a password read from standard input.
 */
public final class PasswordHash {
  /** OWASP's recommendation for PBKDF2-HMAC-SHA256 (2023). */
  public static final int ITERATIONS = 600_000;

  private static final String PREFIX = "pbkdf2-sha256";
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final AtomicLong DERIVATIONS = new AtomicLong();

  private PasswordHash() {}

  /** A new hash of {@code password} with a random salt. */
  public static String hash(char[] password) {
    return hash(password, ITERATIONS);
  }

  static String hash(char[] password, int iterations) {
    byte[] salt = new byte[16];
    RANDOM.nextBytes(salt);
    byte[] h = derive(password, salt, iterations);
    Base64.Encoder b64 = Base64.getEncoder().withoutPadding();
    return PREFIX + ":" + iterations + ":" + b64.encodeToString(salt) + ":" + b64.encodeToString(h);
  }

  /** Whether {@code password} matches {@code stored}; false for a malformed hash. */
  public static boolean verify(char[] password, String stored) {
    String[] parts = stored.split(":");
    if (parts.length != 4 || !parts[0].equals(PREFIX)) {
      return false;
    }
    try {
      int iterations = Integer.parseInt(parts[1]);
      byte[] salt = Base64.getDecoder().decode(parts[2]);
      byte[] expected = Base64.getDecoder().decode(parts[3]);
      return MessageDigest.isEqual(expected, derive(password, salt, iterations));
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /** The iteration count of {@code stored}, or {@link #ITERATIONS} if it is malformed. */
  static int iterations(String stored) {
    return wellFormed(stored) ? Integer.parseInt(stored.split(":")[1]) : ITERATIONS;
  }

  /** How many keys have been derived (hashed or checked) in this JVM; for tests. */
  static long derivations() {
    return DERIVATIONS.get();
  }

  /** Whether {@code stored} has the form of a hash this class writes. */
  static boolean wellFormed(String stored) {
    String[] parts = stored.split(":");
    return parts.length == 4 && parts[0].equals(PREFIX) && parts[1].matches("\\d{1,9}");
  }

  private static byte[] derive(char[] password, byte[] salt, int iterations) {
    DERIVATIONS.incrementAndGet();
    try {
      PBEKeySpec spec = new PBEKeySpec(password, salt, iterations, 256);
      return SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("PBKDF2WithHmacSHA256 is missing from this JDK", e);
    }
  }

  /** Prints the hash of the password on standard input (one line). */
  public static void main(String[] args) throws Exception {
    String line;
    if (System.console() != null) {
      char[] pw = System.console().readPassword("password: ");
      line = pw == null ? "" : new String(pw);
    } else {
      line = new String(System.in.readAllBytes(), StandardCharsets.UTF_8).strip();
    }
    if (line.isEmpty()) {
      System.err.println("no password given");
      System.exit(2);
    }
    System.out.println(hash(line.toCharArray()));
  }
}
