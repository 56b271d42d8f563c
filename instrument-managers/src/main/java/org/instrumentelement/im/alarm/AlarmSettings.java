package org.instrumentelement.im.alarm;

import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.im.model.DurationText;

/**
 * The alarm limits of one attribute as they are written, in the configuration ({@code
 * im.<name>.attribute.<a>.alarm.*}) and in SCPI descriptors ({@code attribute.<a>.alarm.*}): {@code
 * alarm.<setting>} for the value, {@code alarm.<statistic>.<setting>} for a statistic of a vector.
 * One reader for both, so that the same text is accepted or refused in the same words.
 */
public final class AlarmSettings {
  /** The prefix of every alarm setting, after the attribute's. */
  public static final String PREFIX = "alarm.";

  /** The settings of one number, in the order of the documentation. */
  public static final List<String> SETTINGS =
      List.of("lowAlarm", "lowWarning", "highWarning", "highAlarm", "hysteresis", "delay");

  private AlarmSettings() {}

  /**
   * Whether a key (after {@code attribute.<a>.}) names an alarm setting: {@code alarm.<setting>} or
   * {@code alarm.<statistic>.<setting>}.
   */
  public static boolean isSetting(String key) {
    if (!key.startsWith(PREFIX)) {
      return false;
    }
    String rest = key.substring(PREFIX.length());
    int dot = rest.indexOf('.');
    if (dot < 0) {
      return SETTINGS.contains(rest);
    }
    Statistic s = Statistic.named(rest.substring(0, dot));
    return s != null && s != Statistic.VALUE && SETTINGS.contains(rest.substring(dot + 1));
  }

  /**
   * The limits of an attribute's numbers that have at least one limit.
   *
   * @param keys the attribute's keys after {@code attribute.<a>.}; those not starting with {@code
   *     alarm.} are ignored
   * @param at the attribute's own prefix, for messages ({@code im.scope.attribute.waveform.})
   * @throws IllegalArgumentException naming the key: an unknown alarm setting, a value that is not
   *     a number (or a duration for the delay), a hysteresis or delay without a limit, limits out
   *     of order
   */
  public static Map<Statistic, AlarmLimits> read(Map<String, String> keys, String at) {
    for (String k : keys.keySet()) {
      if (k.startsWith(PREFIX) && !isSetting(k)) {
        throw new IllegalArgumentException(
            "unknown alarm setting '"
                + at
                + k
                + "' (known: alarm.<setting> or alarm.<statistic>.<setting>; settings "
                + SETTINGS
                + ", statistics min, max, mean, rms, peakToPeak)");
      }
    }
    Map<Statistic, AlarmLimits> out = new EnumMap<>(Statistic.class);
    for (Statistic s : Statistic.values()) {
      String prefix = PREFIX + (s == Statistic.VALUE ? "" : s.configName() + ".");
      Map<String, String> kv = new LinkedHashMap<>();
      for (Map.Entry<String, String> e : keys.entrySet()) {
        String k = e.getKey();
        if (k.startsWith(prefix) && !k.substring(prefix.length()).contains(".")) {
          kv.put(k.substring(prefix.length()), e.getValue());
        }
      }
      if (kv.isEmpty()) {
        continue;
      }
      String where = at + prefix;
      AlarmLimits limits;
      try {
        limits =
            new AlarmLimits(
                limit(kv, where, "lowAlarm"),
                limit(kv, where, "lowWarning"),
                limit(kv, where, "highWarning"),
                limit(kv, where, "highAlarm"),
                hysteresis(kv, where),
                delay(kv, where));
      } catch (SettingException e) {
        throw new IllegalArgumentException(e.getMessage());
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(where + "*: " + e.getMessage());
      }
      if (!limits.any()) {
        throw new IllegalArgumentException(where + "*: a hysteresis or delay without any limit");
      }
      out.put(s, limits);
    }
    return out;
  }

  private static Double limit(Map<String, String> kv, String where, String name) {
    String v = kv.get(name);
    if (v == null) {
      return null;
    }
    try {
      double d = Double.parseDouble(v.trim());
      if (!Double.isFinite(d)) {
        throw new SettingException(where + name + " must be a finite number: '" + v + "'");
      }
      return d;
    } catch (NumberFormatException e) {
      throw new SettingException(where + name + " must be a number: '" + v + "'");
    }
  }

  private static double hysteresis(Map<String, String> kv, String where) {
    String v = kv.get("hysteresis");
    if (v == null) {
      return 0;
    }
    String key = where + "hysteresis";
    try {
      double d = Double.parseDouble(v.trim());
      if (!(d >= 0) || Double.isInfinite(d)) {
        throw new SettingException(key + " must be a number >= 0: '" + v + "'");
      }
      return d;
    } catch (NumberFormatException e) {
      throw new SettingException(key + " must be a number >= 0: '" + v + "'");
    }
  }

  private static Duration delay(Map<String, String> kv, String where) {
    String v = kv.get("delay");
    if (v == null) {
      return Duration.ZERO;
    }
    try {
      return DurationText.optional(where + "delay", v);
    } catch (IllegalArgumentException e) {
      throw new SettingException(e.getMessage());
    }
  }

  /** A setting's text that is not what it must be: its message already names the key. */
  private static final class SettingException extends IllegalArgumentException {
    SettingException(String message) {
      super(message);
    }
  }
}
