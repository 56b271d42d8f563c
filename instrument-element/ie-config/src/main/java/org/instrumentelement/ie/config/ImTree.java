package org.instrumentelement.ie.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.instrumentelement.im.alarm.AlarmLimits;
import org.instrumentelement.im.alarm.AlarmSettings;
import org.instrumentelement.im.alarm.Statistic;

/**
 * The Instrument Managers of a configuration, from their {@code im.<name>.*} keys: each IM's
 * settings checked and typed, then every IM placed after its parent, with a parent that is not
 * configured or a circle of parents reported by name.
 */
final class ImTree {
  static final Pattern IM_KEY = Pattern.compile("im\\.([A-Za-z0-9_-]+)\\.(.+)");

  private static final Pattern ATTRIBUTE_KEY =
      Pattern.compile("attribute\\.([A-Za-z0-9_]+)\\.(.+)");

  private ImTree() {}

  /**
   * The IMs, parents before children.
   *
   * @param imKeys by IM name, its settings without the {@code im.<name>.} prefix
   * @param defaultTimeout {@code instrument.timeout}
   */
  static List<ImConfig> build(Map<String, Map<String, String>> imKeys, Duration defaultTimeout)
      throws ConfigException {
    List<ImConfig> ims = new ArrayList<>();
    for (Map.Entry<String, Map<String, String>> e : imKeys.entrySet()) {
      ims.add(im(e.getKey(), e.getValue(), defaultTimeout));
    }
    return orderParentsFirst(ims);
  }

  private static ImConfig im(String name, Map<String, String> kv, Duration defaultTimeout)
      throws ConfigException {
    String prefix = "im." + name + ".";
    Map<String, String> params = new LinkedHashMap<>();
    Map<String, Map<String, String>> attributeKeys = new LinkedHashMap<>();
    for (Map.Entry<String, String> e : kv.entrySet()) {
      String k = e.getKey();
      Matcher a = ATTRIBUTE_KEY.matcher(k);
      if (k.startsWith(ImSettings.PARAM)) {
        params.put(k.substring(ImSettings.PARAM.length()), e.getValue());
      } else if (a.matches() && ImSettings.attributeSetting(a.group(2)) != null) {
        attributeKeys
            .computeIfAbsent(a.group(1), x -> new LinkedHashMap<>())
            .put(a.group(2), e.getValue());
      } else if (ImSettings.find(ImSettings.im(), k) == null) {
        throw new ConfigException(
            "unknown setting '"
                + prefix
                + k
                + "' (known: "
                + ImSettings.names(ImSettings.im())
                + ", param.<name>, attribute.<name>."
                + ImSettings.names(ImSettings.attribute())
                + ")");
      }
    }
    Map<String, AttributeConfig> attributes = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, String>> e : attributeKeys.entrySet()) {
      String at = prefix + ImSettings.ATTRIBUTE_PREFIX + e.getKey() + ".";
      Map<String, String> a = e.getValue();
      attributes.put(
          e.getKey(),
          new AttributeConfig(
              value(a, at, ImSettings.SUBSCRIBABLE),
              value(a, at, ImSettings.PERIOD),
              value(a, at, ImSettings.DEADBAND),
              value(a, at, ImSettings.RELATIVE_DEADBAND),
              value(a, at, ImSettings.HEARTBEAT),
              alarms(a, at),
              value(a, at, ImSettings.HISTORY_STATISTICS)));
    }
    String type = value(kv, prefix, ImSettings.TYPE, "");
    if (type.isBlank()) {
      throw new ConfigException(prefix + "type is missing");
    }
    return new ImConfig(
        name,
        value(kv, prefix, ImSettings.PARENT),
        type,
        value(kv, prefix, ImSettings.ADDRESS),
        value(kv, prefix, ImSettings.DESCRIPTION),
        value(kv, prefix, ImSettings.AUTO_LINK),
        value(kv, prefix, ImSettings.AUTO_START),
        value(kv, prefix, ImSettings.TIMEOUT, defaultTimeout),
        params,
        attributes,
        options(kv, prefix));
  }

  /**
   * The alarm limits of one attribute: {@code alarm.*} for the value, {@code alarm.<statistic>.*}
   * for a statistic of a vector; only for the numbers that have at least one limit. Read as SCPI
   * descriptors' limits are ({@link AlarmSettings}).
   */
  private static Map<Statistic, AlarmLimits> alarms(Map<String, String> a, String at)
      throws ConfigException {
    try {
      return AlarmSettings.read(a, at);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
  }

  /** The setting's value, read and checked; when it is not set, its default in the table. */
  private static <T> T value(Map<String, String> kv, String prefix, ConfigKey<T> setting)
      throws ConfigException {
    return value(kv, prefix, setting, null);
  }

  /**
   * The setting's value, read and checked; when it is not set, its default in the table, or {@code
   * inherited} for a setting whose default is not a text of its own (a global key's value, the
   * model's choice).
   */
  private static <T> T value(
      Map<String, String> kv, String prefix, ConfigKey<T> setting, T inherited)
      throws ConfigException {
    String text = kv.get(setting.name());
    if (text == null) {
      text = setting.defaultText();
    }
    return text == null ? inherited : setting.type().read(prefix + setting.name(), text);
  }

  /**
   * The settings passed on to the IM as options, checked here so that typos stop start-up, and
   * written back in the form the IM reads.
   */
  private static Map<String, String> options(Map<String, String> kv, String prefix)
      throws ConfigException {
    Map<String, String> options = new LinkedHashMap<>();
    for (ConfigKey<?> option : ImSettings.options()) {
      String text = kv.get(option.name());
      if (text != null) {
        options.put(option.name(), canonical(option, prefix, text));
      }
    }
    return options;
  }

  private static <T> String canonical(ConfigKey<T> option, String prefix, String text)
      throws ConfigException {
    return option.type().text(option.type().read(prefix + option.name(), text));
  }

  private static List<ImConfig> orderParentsFirst(List<ImConfig> ims) throws ConfigException {
    Map<String, ImConfig> byName = new LinkedHashMap<>();
    ims.forEach(i -> byName.put(i.name(), i));
    List<ImConfig> ordered = new ArrayList<>();
    Set<String> placed = new LinkedHashSet<>();
    for (ImConfig im : ims) {
      place(im, byName, placed, ordered, new LinkedHashSet<>());
    }
    return ordered;
  }

  private static void place(
      ImConfig im,
      Map<String, ImConfig> byName,
      Set<String> placed,
      List<ImConfig> ordered,
      Set<String> visiting)
      throws ConfigException {
    if (placed.contains(im.name())) {
      return;
    }
    if (!visiting.add(im.name())) {
      throw new ConfigException("im." + im.name() + ".parent forms a cycle: " + visiting);
    }
    if (!im.parent().isEmpty()) {
      ImConfig parent = byName.get(im.parent());
      if (parent == null) {
        throw new ConfigException(
            "im." + im.name() + ".parent names '" + im.parent() + "', which is not configured");
      }
      place(parent, byName, placed, ordered, visiting);
    }
    placed.add(im.name());
    ordered.add(im);
  }
}
