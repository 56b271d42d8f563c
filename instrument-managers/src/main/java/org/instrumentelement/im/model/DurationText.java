package org.instrumentelement.im.model;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * A duration as people write it in configuration and descriptor files: {@code 250us} (or {@code
 * 250µs}), {@code 500ms}, {@code 2s}, {@code 1m}, {@code 1h} or ISO-8601 ({@code PT2S}). One reader
 * for both, so that the same text means the same time wherever it is written.
 */
public final class DurationText {
  private DurationText() {}

  /**
   * A positive duration.
   *
   * @param key the key the text was found under, named in the error
   * @throws IllegalArgumentException a text without a unit, not a duration, or not positive
   */
  public static Duration positive(String key, String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    try {
      Duration d;
      if (t.startsWith("p")) {
        d = Duration.parse(t.toUpperCase(Locale.ROOT));
      } else if (t.endsWith("ms")) {
        d = Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2).trim()));
      } else if (t.endsWith("us") || t.endsWith("\u00b5s") || t.endsWith("\u03bcs")) {
        d =
            Duration.ofNanos(
                Math.multiplyExact(Long.parseLong(t.substring(0, t.length() - 2).trim()), 1000));
      } else if (t.endsWith("s")) {
        d =
            Duration.ofMillis(
                Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
      } else if (t.endsWith("m")) {
        d = Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1).trim()));
      } else if (t.endsWith("h")) {
        d = Duration.ofHours(Long.parseLong(t.substring(0, t.length() - 1).trim()));
      } else if (t.endsWith("d")) {
        d = Duration.ofDays(Long.parseLong(t.substring(0, t.length() - 1).trim()));
      } else {
        throw new IllegalArgumentException(
            key + ": '" + text + "' needs a unit (us, ms, s, m, h, d)");
      }
      if (d.isNegative() || d.isZero()) {
        throw new IllegalArgumentException(key + " must be positive: '" + text + "'");
      }
      return d;
    } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
      throw new IllegalArgumentException(
          key + ": '" + text + "' is not a duration such as 500ms or 2s");
    }
  }

  /**
   * A duration where {@code off} or {@code 0} means "disabled" (zero).
   *
   * @throws IllegalArgumentException as {@link #positive}
   */
  public static Duration optional(String key, String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("off") || t.equals("0")) {
      return Duration.ZERO;
    }
    return positive(key, text);
  }
}
