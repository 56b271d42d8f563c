package org.instrumentelement.ie.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.LinkMode;
import org.instrumentelement.im.alarm.Statistic;

/**
 * The table of an Instrument Manager's settings, {@code im.<name>.<setting>}, and of a subscribable
 * attribute's, {@code im.<name>.attribute.<attribute>.<setting>}; each declared once with its
 * default, type and meaning. Besides these an IM takes {@code param.<parameter>}. A {@link
 * ConfigKey}'s name here is the setting, without the prefix. A null default is one that is not the
 * loader's: a required setting, one that takes a global key's value, or one that the IM applies
 * itself when the setting is absent (the options).
 */
public final class ImSettings {
  private static final List<ConfigKey<?>> IM = new ArrayList<>();
  private static final List<ConfigKey<?>> OPTIONS = new ArrayList<>();
  private static final List<ConfigKey<?>> ATTRIBUTE = new ArrayList<>();

  /** The prefix of an initial parameter value: {@code im.<name>.param.<parameter>}. */
  public static final String PARAM = "param.";

  /** The prefix of an attribute's sampling settings: {@code im.<name>.attribute.<attribute>.}. */
  public static final String ATTRIBUTE_PREFIX = "attribute.";

  private ImSettings() {}

  private static <T> ConfigKey<T> im(
      String name, String defaultText, ConfigType<T> type, String meaning) {
    ConfigKey<T> k = new ConfigKey<>(name, defaultText, type, meaning);
    IM.add(k);
    return k;
  }

  /**
   * A setting that only some IM types read: checked here, passed on as an {@code ImContext} option.
   */
  private static <T> ConfigKey<T> option(
      String name, String defaultText, ConfigType<T> type, String meaning) {
    ConfigKey<T> k = im(name, defaultText, type, meaning);
    OPTIONS.add(k);
    return k;
  }

  private static <T> ConfigKey<T> attribute(
      String name, String defaultText, ConfigType<T> type, String meaning) {
    ConfigKey<T> k = new ConfigKey<>(name, defaultText, type, meaning);
    ATTRIBUTE.add(k);
    return k;
  }

  public static final ConfigKey<String> TYPE =
      im("type", null, ConfigType.text(), "a registered IM type or a class name (required)");
  public static final ConfigKey<String> ADDRESS =
      im("address", "", ConfigType.text(), "the instrument's resource string");
  public static final ConfigKey<String> PARENT =
      im("parent", "", ConfigType.text(), "name of the IM above it");
  public static final ConfigKey<String> DESCRIPTION =
      im("description", "", ConfigType.freeText(), "shown to clients; empty: the type's");
  public static final ConfigKey<Boolean> AUTO_LINK =
      im("autoLink", "true", ConfigType.bool(), "link when the IE starts");
  public static final ConfigKey<Boolean> AUTO_START =
      im("autoStart", "false", ConfigType.bool(), "also start once linked");
  public static final ConfigKey<Duration> TIMEOUT =
      im("timeout", null, ConfigType.duration(), "time to answer; default instrument.timeout");
  public static final ConfigKey<LinkMode> ON_LINK =
      option(
          ImContext.ON_LINK,
          null,
          ConfigType.choice(LinkMode.class, LinkMode::configName),
          "what link does with an instrument already set up (the IM's default: restore)");
  public static final ConfigKey<String> DESCRIPTOR =
      option(
          ImContext.DESCRIPTOR,
          null,
          ConfigType.text(),
          "for type scpi: a bundled profile, classpath:<path> or a file");
  public static final ConfigKey<Boolean> RECONNECT =
      option(
          ImContext.RECONNECT,
          null,
          ConfigType.bool(),
          "reconnect by itself after ERROR (the IM's default: true)");
  public static final ConfigKey<Duration> RECONNECT_MAX_DELAY =
      option(
          ImContext.RECONNECT_MAX_DELAY,
          null,
          ConfigType.duration(),
          "the longest wait between two reconnect attempts (the IM's default: 30s)");
  public static final ConfigKey<String> NODES =
      option(
          ImContext.NODES,
          null,
          ConfigType.text(),
          "for type sensor-network: the declared nodes, comma-separated, in their order");

  public static final ConfigKey<Boolean> SUBSCRIBABLE =
      attribute(
          "subscribable", null, ConfigType.bool(), "subscribable or not; default the model's");
  public static final ConfigKey<Duration> PERIOD =
      attribute(
          "period", null, ConfigType.samplingPeriod(), "sampling period; default sampling.period");
  public static final ConfigKey<Double> DEADBAND =
      attribute("deadband", "0", ConfigType.nonNegative(), "smallest absolute change published");
  public static final ConfigKey<Double> RELATIVE_DEADBAND =
      attribute(
          "relativeDeadband", "0", ConfigType.nonNegative(), "smallest relative change published");
  public static final ConfigKey<Duration> HEARTBEAT =
      attribute(
          "heartbeat",
          null,
          ConfigType.optionalDuration(),
          "republish an unchanged value this often; default sampling.heartbeat");

  /** The prefix of the alarm settings; {@code alarm.<statistic>.} for a vector's statistic. */
  public static final String ALARM_PREFIX = "alarm.";

  public static final ConfigKey<Double> ALARM_LOW_ALARM =
      attribute("alarm.lowAlarm", null, ConfigType.number(), "alarm at or below this");
  public static final ConfigKey<Double> ALARM_LOW_WARNING =
      attribute("alarm.lowWarning", null, ConfigType.number(), "warning at or below this");
  public static final ConfigKey<Double> ALARM_HIGH_WARNING =
      attribute("alarm.highWarning", null, ConfigType.number(), "warning at or above this");
  public static final ConfigKey<Double> ALARM_HIGH_ALARM =
      attribute("alarm.highAlarm", null, ConfigType.number(), "alarm at or above this");
  public static final ConfigKey<Double> ALARM_HYSTERESIS =
      attribute(
          "alarm.hysteresis",
          "0",
          ConfigType.nonNegative(),
          "how far back inside a limit a value must come to leave its state");
  public static final ConfigKey<Duration> ALARM_DELAY =
      attribute(
          "alarm.delay",
          "off",
          ConfigType.optionalDuration(),
          "how long a value must stay beyond a limit before the alarm is raised");

  /**
   * The statistics of a sampled vector that the history archive keeps as series of their own
   * ({@code waveform.max}); by default all five: one pass over each vector the IE publishes anyway,
   * and a few scalar rows, against the vector's own thousands of values (docs/history.md).
   */
  public static final ConfigKey<Set<Statistic>> HISTORY_STATISTICS =
      attribute(
          "history.statistics",
          "min,max,mean,rms,peakToPeak",
          ConfigType.statistics(),
          "statistics of a sampled vector archived as series of their own, or none");

  /** The statistics archived of a vector whose configuration does not say. */
  public static Set<Statistic> defaultHistoryStatistics() {
    try {
      return HISTORY_STATISTICS
          .type()
          .read(HISTORY_STATISTICS.name(), HISTORY_STATISTICS.defaultText());
    } catch (ConfigException e) {
      throw new AssertionError(e);
    }
  }

  /** Every IM setting besides {@code param.<parameter>} and {@code attribute.<name>.*}. */
  public static List<ConfigKey<?>> im() {
    return Collections.unmodifiableList(IM);
  }

  /** The IM settings passed on to the IM as options (only some IM types read them). */
  public static List<ConfigKey<?>> options() {
    return Collections.unmodifiableList(OPTIONS);
  }

  /** Every setting of a subscribable attribute. */
  public static List<ConfigKey<?>> attribute() {
    return Collections.unmodifiableList(ATTRIBUTE);
  }

  /**
   * The setting an attribute key names: {@code alarm.<statistic>.<limit>} names the same setting as
   * {@code alarm.<limit>}; null for an unknown one.
   */
  static ConfigKey<?> attributeSetting(String name) {
    ConfigKey<?> k = find(ATTRIBUTE, name);
    if (k == null && name.startsWith(ALARM_PREFIX)) {
      String rest = name.substring(ALARM_PREFIX.length());
      int dot = rest.indexOf('.');
      if (dot > 0 && Statistic.named(rest.substring(0, dot)) != null) {
        k = find(ATTRIBUTE, ALARM_PREFIX + rest.substring(dot + 1));
      }
    }
    return k;
  }

  /** The setting named {@code name} in {@code table}, or null. */
  static ConfigKey<?> find(List<ConfigKey<?>> table, String name) {
    for (ConfigKey<?> k : table) {
      if (k.name().equals(name)) {
        return k;
      }
    }
    return null;
  }

  /** The names of a table's settings, for error messages and {@code --help}. */
  static List<String> names(List<ConfigKey<?>> table) {
    return table.stream().map(ConfigKey::name).toList();
  }
}
