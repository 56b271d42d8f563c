package org.instrumentelement.ie.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import org.instrumentelement.im.model.DurationText;

/**
 * Reads the text of one configuration value: integers in a range, true or false, durations with a
 * unit, shares of the heap, addresses, paths. Every error names the key and quotes the value; the
 * {@link ConfigType}s are made of these.
 */
final class ConfigValues {
  /** Stands for the user's home directory at the start of a path. */
  static final String USER_HOME = "${user.home}";

  private ConfigValues() {}

  /** A comma-separated list of IP addresses (literals only: no name is looked up). */
  static Set<InetAddress> addresses(String text, String key) throws ConfigException {
    Set<InetAddress> out = new LinkedHashSet<>();
    for (String a : text.split(",")) {
      String t = a.trim();
      if (t.isEmpty() || t.equalsIgnoreCase("none")) {
        continue;
      }
      if (!t.matches("[0-9A-Fa-f:.]+") || !(t.contains(".") || t.contains(":"))) {
        throw new ConfigException(key + ": '" + t + "' is not an IP address");
      }
      try {
        out.add(InetAddress.getByName(t));
      } catch (UnknownHostException e) {
        throw new ConfigException(key + ": '" + t + "' is not an IP address");
      }
    }
    return out;
  }

  /** Letters, digits, {@code -} and {@code _}: safe in topic names and paths. */
  static String name(String v, String key) throws ConfigException {
    if (!v.matches("[A-Za-z0-9_-]+")) {
      throw new ConfigException(key + " must be letters, digits, '-' or '_': '" + v + "'");
    }
    return v;
  }

  /** The first segment of the broker's own destinations ({@code ActiveMQ.Advisory.Connection}). */
  static final String BROKER_NAMESPACE = "ActiveMQ";

  /**
   * The first segment of every topic: a {@linkplain #name name}, and not {@value
   * #BROKER_NAMESPACE}, below which the broker keeps its own topics: an element named {@code
   * Advisory} would publish on advisory topics ({@code ActiveMQ.Advisory.>}), which only
   * administrators receive.
   */
  static String topicPrefix(String v, String key) throws ConfigException {
    name(v, key);
    if (v.equals(BROKER_NAMESPACE)) {
      throw new ConfigException(
          key
              + " may not be '"
              + v
              + "': the broker keeps the topics below it for its own (advisories are "
              + BROKER_NAMESPACE
              + ".Advisory.*)");
    }
    return v;
  }

  static int integer(String text, String key, int min, int max) throws ConfigException {
    try {
      long v = Long.parseLong(text.trim());
      if (v < min || v > max) {
        throw new ConfigException(key + " must be in [" + min + ", " + max + "]: " + v);
      }
      return (int) v;
    } catch (NumberFormatException e) {
      throw new ConfigException(key + " must be an integer: '" + text + "'");
    }
  }

  static boolean bool(String text, String key) throws ConfigException {
    return switch (text.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new ConfigException(key + " must be true or false: '" + text + "'");
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

  /** A size in bytes, with an optional KB, MB or GB (no share of the heap). */
  static long size(String text, String key) throws ConfigException {
    if (text.trim().endsWith("%")) {
      throw new ConfigException(key + ": '" + text + "' is not a size such as 300MB or 10GB");
    }
    return heapShare(text, key);
  }

  /** A whole percentage of the heap from {@code min}% to {@code max}%. */
  static int percent(String text, String key, int min, int max) throws ConfigException {
    String t = text.trim();
    if (!t.matches("[0-9]{1,3}%")) {
      throw new ConfigException(
          key + " must be a share of the heap from " + min + "% to " + max + "%: '" + text + "'");
    }
    int p = Integer.parseInt(t.substring(0, t.length() - 1));
    if (p < min || p > max) {
      throw new ConfigException(
          key + " must be a share of the heap from " + min + "% to " + max + "%: '" + text + "'");
    }
    return p;
  }

  /**
   * A path; empty: none (null). A leading {@value #USER_HOME} stands for the user's home directory,
   * so that a default can live there whoever runs the IE.
   */
  static Path path(String text) {
    String t = text.trim();
    if (t.isEmpty()) {
      return null;
    }
    if (t.startsWith(USER_HOME)) {
      t = System.getProperty("user.home") + t.substring(USER_HOME.length());
    }
    return Path.of(t);
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

  /** A finite number. */
  static double finite(String v, String key) throws ConfigException {
    try {
      double d = Double.parseDouble(v.trim());
      if (!Double.isFinite(d)) {
        throw new ConfigException(key + " must be a finite number: '" + v + "'");
      }
      return d;
    } catch (NumberFormatException e) {
      throw new ConfigException(key + " must be a number: '" + v + "'");
    }
  }

  /** A duration where {@code off} or {@code 0} means "disabled" (zero). */
  static Duration optionalDuration(String text, String key) throws ConfigException {
    try {
      return DurationText.optional(key, text);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }

  /** A positive duration: {@code 500ms}, {@code 2s}, {@code 1m}, {@code 1h} or ISO-8601. */
  static Duration duration(String text, String key) throws ConfigException {
    try {
      return DurationText.positive(key, text);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }
}
