package org.instrumentelement.ie.config;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.instrumentelement.im.alarm.Statistic;
import org.instrumentelement.im.model.FreeText;
import org.instrumentelement.im.model.ImException;
import org.instrumentelement.im.sampling.SamplingSettings;

/**
 * How the text of a configuration key is read and what it may be, like Netty's typed {@code
 * ChannelOption<T>}: the loader reads values with it, {@code --help} shows {@link #describe()}.
 *
 * @param <T> the value's type in the configuration records
 */
public interface ConfigType<T> {

  /**
   * The value {@code text} stands for.
   *
   * @param key the key, named in the error
   * @throws ConfigException with the key and the text, if the text is not such a value
   */
  T read(String key, String text) throws ConfigException;

  /** What the text may be, in a few words ({@code integer 0..65535}, {@code duration}). */
  String describe();

  /** The value written back as the canonical text an IM reads from its options. */
  default String text(T value) {
    return String.valueOf(value);
  }

  /** Reads text the way a {@link ConfigType} does; may throw with the key in the message. */
  @FunctionalInterface
  interface Reader<T> {
    T read(String key, String text) throws ConfigException;
  }

  /** A type from its description, its reader and its writer. */
  static <T> ConfigType<T> of(String description, Reader<T> reader, Function<T, String> writer) {
    return new ConfigType<>() {
      @Override
      public T read(String key, String text) throws ConfigException {
        return reader.read(key, text);
      }

      @Override
      public String describe() {
        return description;
      }

      @Override
      public String text(T value) {
        return writer.apply(value);
      }
    };
  }

  /** Any text, trimmed. */
  static ConfigType<String> text() {
    return of("text", (k, t) -> t.trim(), v -> v);
  }

  /**
   * Free text, trimmed, on one line: no control character ({@link FreeText}), as a client's free
   * text must be.
   */
  static ConfigType<String> freeText() {
    return of(
        "text without control characters",
        (k, t) -> {
          String v = t.trim();
          try {
            FreeText.check(v, k);
          } catch (ImException e) {
            throw new ConfigException(e.getMessage());
          }
          return v;
        },
        v -> v);
  }

  /** Letters, digits, {@code -} and {@code _}. */
  static ConfigType<String> name() {
    return of("letters, digits, '-', '_'", (k, t) -> ConfigValues.name(t.trim(), k), v -> v);
  }

  /** A {@link #name()} that may start every topic: not the broker's own {@code ActiveMQ}. */
  static ConfigType<String> topicPrefix() {
    return of(
        "letters, digits, '-', '_'; not ActiveMQ",
        (k, t) -> ConfigValues.topicPrefix(t.trim(), k),
        v -> v);
  }

  /** A whole number from {@code min} to {@code max}. */
  static ConfigType<Integer> integer(int min, int max) {
    return of(
        "integer " + min + ".." + max,
        (k, t) -> ConfigValues.integer(t, k, min, max),
        String::valueOf);
  }

  /** {@code true} or {@code false}, in any case. */
  static ConfigType<Boolean> bool() {
    return of("true|false", (k, t) -> ConfigValues.bool(t, k), String::valueOf);
  }

  /** A positive duration with a unit ({@code 500ms}, {@code 2s}, {@code 1m}, {@code 1h}, ISO). */
  static ConfigType<Duration> duration() {
    return of("duration", (k, t) -> ConfigValues.duration(t, k), Duration::toString);
  }

  /** A duration, or {@code off} (or {@code 0}) for zero: disabled. */
  static ConfigType<Duration> optionalDuration() {
    return of("duration or off", (k, t) -> ConfigValues.optionalDuration(t, k), Duration::toString);
  }

  /**
   * A sampling period: {@code off} (or {@code 0}), or at least 100 µs ({@code 250us}, {@code 1s}).
   */
  static ConfigType<Duration> samplingPeriod() {
    return of(
        "duration of at least 100us, or off",
        (k, t) -> {
          Duration d = ConfigValues.optionalDuration(t, k);
          if (!d.isZero() && d.compareTo(SamplingSettings.MIN_PERIOD) < 0) {
            throw new ConfigException(
                k + ": '" + t.trim() + "' is shorter than the shortest sampling period, 100us");
          }
          return d;
        },
        Duration::toString);
  }

  /** Any finite number. */
  static ConfigType<Double> number() {
    return of("number", (k, t) -> ConfigValues.finite(t, k), String::valueOf);
  }

  /** A number of at least zero. */
  static ConfigType<Double> nonNegative() {
    return of("number >= 0", (k, t) -> ConfigValues.nonNegative(t, k), String::valueOf);
  }

  /** A part of the heap: {@code 30%}, {@code 300MB}, {@code 1GB}; read as bytes. */
  static ConfigType<Long> heapShare() {
    return of("share of the heap or size", (k, t) -> ConfigValues.heapShare(t, k), String::valueOf);
  }

  /** A number of bytes: {@code 1048576}, {@code 300MB}, {@code 10GB}. */
  static ConfigType<Long> size() {
    return of("size such as 16MB or 10GB", (k, t) -> ConfigValues.size(t, k), String::valueOf);
  }

  /** A number of bytes, or {@code off} (or {@code 0}) for zero: disabled. */
  static ConfigType<Long> optionalSize() {
    return of(
        "size or off",
        (k, t) -> {
          String v = t.trim().toLowerCase(java.util.Locale.ROOT);
          return v.equals("off") || v.equals("0") ? 0L : ConfigValues.size(t, k);
        },
        v -> v == 0 ? "off" : String.valueOf(v));
  }

  /** A whole percentage of the heap from {@code min}% to {@code max}%. */
  static ConfigType<Integer> percent(int min, int max) {
    return of(
        min + "%.." + max + "%", (k, t) -> ConfigValues.percent(t, k, min, max), p -> p + "%");
  }

  /** IP address literals, comma-separated; {@code none} for none. */
  static ConfigType<Set<InetAddress>> addresses() {
    return of("IP addresses", (k, t) -> ConfigValues.addresses(t, k), String::valueOf);
  }

  /** A file or directory; empty: none (null). {@code ${user.home}} may start it. */
  static ConfigType<Path> path() {
    return of("path", (k, t) -> ConfigValues.path(t), String::valueOf);
  }

  /** A directory, or {@code off} (or empty) for none (null). {@code ${user.home}} may start it. */
  static ConfigType<Path> pathOrOff() {
    return of(
        "path or off",
        (k, t) -> t.trim().equalsIgnoreCase("off") ? null : ConfigValues.path(t),
        String::valueOf);
  }

  /** Comma-separated directories. */
  static ConfigType<List<Path>> paths() {
    return of(
        "directories, comma-separated",
        (k, t) -> {
          List<Path> out = new ArrayList<>();
          for (String dir : t.split(",")) {
            if (!dir.isBlank()) {
              out.add(ConfigValues.path(dir));
            }
          }
          return List.copyOf(out);
        },
        String::valueOf);
  }

  /**
   * Statistics of a vector ({@code min}, {@code max}, {@code mean}, {@code rms}, {@code
   * peakToPeak}), comma-separated; {@code none} for none.
   */
  static ConfigType<Set<Statistic>> statistics() {
    return of(
        "statistics (min, max, mean, rms, peakToPeak) or none",
        (k, t) -> {
          String text = t.trim();
          if (text.equalsIgnoreCase("none")) {
            return Set.of();
          }
          EnumSet<Statistic> out = EnumSet.noneOf(Statistic.class);
          for (String item : text.split(",")) {
            Statistic s = Statistic.named(item.strip());
            if (s == null || s == Statistic.VALUE) {
              throw new ConfigException(
                  k
                      + ": '"
                      + item.strip()
                      + "' is not a statistic of a vector (min, max, mean, rms, peakToPeak;"
                      + " or none)");
            }
            out.add(s);
          }
          return Collections.unmodifiableSet(out);
        },
        v ->
            v.isEmpty()
                ? "none"
                : v.stream().map(Statistic::configName).collect(Collectors.joining(",")));
  }

  /** A web application path: starts with {@code /} and does not end with one. */
  static ConfigType<String> contextPath() {
    return of(
        "path such as /ie",
        (k, t) -> {
          String p = t.trim();
          if (!p.startsWith("/") || p.endsWith("/")) {
            throw new ConfigException(k + " must start with '/' and not end with one: " + p);
          }
          return p;
        },
        v -> v);
  }

  /** One of an enum's constants by the name the configuration spells it with, in any case. */
  static <E extends Enum<E>> ConfigType<E> choice(Class<E> type, Function<E, String> configName) {
    List<String> names = new ArrayList<>();
    for (E e : type.getEnumConstants()) {
      names.add(configName.apply(e));
    }
    String listed =
        String.join(", ", names.subList(0, names.size() - 1))
            + " or "
            + names.get(names.size() - 1);
    return of(
        String.join("|", names),
        (k, t) -> {
          for (E e : type.getEnumConstants()) {
            if (configName.apply(e).equalsIgnoreCase(t.trim())) {
              return e;
            }
          }
          throw new ConfigException(k + " must be " + listed + ": '" + t + "'");
        },
        configName);
  }
}
