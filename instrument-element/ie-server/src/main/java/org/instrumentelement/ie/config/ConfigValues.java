package org.instrumentelement.ie.config;

import java.nio.file.Path;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;

/**
 * Reads the text of one configuration value: integers in a range, true or false, durations with a
 * unit, shares of the heap, addresses. Every error names the key and quotes the value.
 */
final class ConfigValues {
  private ConfigValues() {}

  /** A comma-separated list of IP addresses (literals only: no name is looked up). */
  static java.util.Set<java.net.InetAddress> addresses(String text, String key)
      throws ConfigException {
    java.util.Set<java.net.InetAddress> out = new java.util.LinkedHashSet<>();
    for (String a : text.split(",")) {
      String t = a.trim();
      if (t.isEmpty() || t.equalsIgnoreCase("none")) {
        continue;
      }
      if (!t.matches("[0-9A-Fa-f:.]+") || !(t.contains(".") || t.contains(":"))) {
        throw new ConfigException(key + ": '" + t + "' is not an IP address");
      }
      try {
        out.add(java.net.InetAddress.getByName(t));
      } catch (java.net.UnknownHostException e) {
        throw new ConfigException(key + ": '" + t + "' is not an IP address");
      }
    }
    return out;
  }

  static Duration positive(Map<String, String> c, String key) throws ConfigException {
    Duration d = parseDuration(c.get(key), key);
    if (d.isZero() || d.isNegative()) {
      throw new ConfigException(key + " must be longer than zero: '" + c.get(key) + "'");
    }
    return d;
  }

  static String name(String v, String key) throws ConfigException {
    if (!v.matches("[A-Za-z0-9_-]+")) {
      throw new ConfigException(key + " must be letters, digits, '-' or '_': '" + v + "'");
    }
    return v;
  }

  static int integer(Map<String, String> c, String key, int min, int max) throws ConfigException {
    try {
      long v = Long.parseLong(c.get(key));
      if (v < min || v > max) {
        throw new ConfigException(key + " must be in [" + min + ", " + max + "]: " + v);
      }
      return (int) v;
    } catch (NumberFormatException e) {
      throw new ConfigException(key + " must be an integer: '" + c.get(key) + "'");
    }
  }

  static boolean bool(Map<String, String> kv, String key, String prefix) throws ConfigException {
    String v = kv.get(key);
    return switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new ConfigException(prefix + key + " must be true or false: '" + v + "'");
    };
  }

  /**
   * A part of the heap: a percentage of the largest heap the JVM may use ({@code 50%}) or a size in
   * bytes with an optional unit ({@code 300MB}, {@code 1GB}, {@code 65536}).
   */
  static long heapShare(String text, String key) throws ConfigException {
    String t = text.trim().toUpperCase(Locale.ROOT).replace(" ", "");
    try {
      if (t.endsWith("%")) {
        double percent = Double.parseDouble(t.substring(0, t.length() - 1));
        if (!(percent > 0 && percent <= 100)) {
          throw new ConfigException(key + " must be a percentage in (0, 100]: '" + text + "'");
        }
        return (long) (Runtime.getRuntime().maxMemory() * percent / 100);
      }
      long unit = 1;
      for (String[] u : new String[][] {{"GB", "1073741824"}, {"MB", "1048576"}, {"KB", "1024"}}) {
        if (t.endsWith(u[0])) {
          unit = Long.parseLong(u[1]);
          t = t.substring(0, t.length() - u[0].length());
          break;
        }
      }
      long bytes = Long.parseLong(t) * unit;
      if (bytes <= 0) {
        throw new ConfigException(key + " must be positive: '" + text + "'");
      }
      return bytes;
    } catch (NumberFormatException e) {
      throw new ConfigException(key + ": '" + text + "' is not a size such as 50%, 300MB or 1GB");
    }
  }

  static Path path(String v) {
    return v == null || v.isBlank() ? null : Path.of(v.trim());
  }

  static double nonNegative(String v, String key) throws ConfigException {
    try {
      double d = Double.parseDouble(v.trim());
      if (!(d >= 0) || Double.isInfinite(d)) {
        throw new ConfigException(key + " must be a number >= 0: '" + v + "'");
      }
      return d;
    } catch (NumberFormatException e) {
      throw new ConfigException(key + " must be a number >= 0: '" + v + "'");
    }
  }

  /** A duration where {@code off} or {@code 0} means "disabled" (zero). */
  public static Duration optionalDuration(String text, String key) throws ConfigException {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("off") || t.equals("0")) {
      return Duration.ZERO;
    }
    return parseDuration(text, key);
  }

  static Duration duration(Map<String, String> c, String key) throws ConfigException {
    return parseDuration(c.get(key), key);
  }

  /** Parses {@code 500ms}, {@code 2s}, {@code 1m}, {@code 1h} or an ISO-8601 duration. */
  public static Duration parseDuration(String text, String key) throws ConfigException {
    String t = text.trim().toLowerCase(Locale.ROOT);
    try {
      Duration d;
      if (t.startsWith("p")) {
        d = Duration.parse(t.toUpperCase(Locale.ROOT));
      } else if (t.endsWith("ms")) {
        d = Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2).trim()));
      } else if (t.endsWith("s")) {
        d =
            Duration.ofMillis(
                Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
      } else if (t.endsWith("m")) {
        d = Duration.ofMinutes(Long.parseLong(t.substring(0, t.length() - 1).trim()));
      } else if (t.endsWith("h")) {
        d = Duration.ofHours(Long.parseLong(t.substring(0, t.length() - 1).trim()));
      } else {
        throw new ConfigException(key + ": '" + text + "' needs a unit (ms, s, m, h)");
      }
      if (d.isNegative() || d.isZero()) {
        throw new ConfigException(key + " must be positive: '" + text + "'");
      }
      return d;
    } catch (NumberFormatException | DateTimeParseException e) {
      throw new ConfigException(key + ": '" + text + "' is not a duration such as 500ms or 2s");
    }
  }
}
