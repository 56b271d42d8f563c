package org.instrumentelement.ial;

import java.time.Duration;
import java.util.Objects;

/**
 * How a session talks to its instrument. Defaults suit SCPI instruments: messages end in {@code
 * "\n"}, replies are read up to {@code "\n"}, and a reply must arrive within two seconds.
 *
 * @param timeout how long one read or write may take before it fails
 * @param readTermination the character that ends a reply, or {@code null} to rely on END only
 * @param writeTermination appended to every message written
 */
public record SessionOptions(Duration timeout, Character readTermination, String writeTermination) {

  public static final SessionOptions DEFAULTS =
      new SessionOptions(Duration.ofSeconds(2), '\n', "\n");

  public SessionOptions {
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(writeTermination, "writeTermination");
    if (timeout.isNegative() || timeout.isZero()) {
      throw new IllegalArgumentException("timeout must be positive: " + timeout);
    }
  }

  public SessionOptions withTimeout(Duration newTimeout) {
    return new SessionOptions(newTimeout, readTermination, writeTermination);
  }
}
