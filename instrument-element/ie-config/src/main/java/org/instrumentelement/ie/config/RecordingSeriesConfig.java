package org.instrumentelement.ie.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An always-on recording from the configuration, {@code recording.<name>.<setting>}: a series of
 * recordings of the same attributes that the IE starts itself at every start, cut into a new
 * recording every {@code rotate} or {@code rotateBytes}, keeping the newest {@code keep}.
 *
 * @param name the series' name ({@code <name>} in its keys)
 * @param items the attributes, as {@code <im path>:<attribute>} pairs in the order given
 * @param rotate a new recording of the series after this long; zero: never by time
 * @param rotateBytes a new recording once the segments of the current one take this much; zero:
 *     never by size
 * @param keep how many recordings of the series are kept (the one being written included), the
 *     oldest of the series deleted beyond; zero: all (the quota ends the series when it is full)
 * @param note the note of its recordings
 */
public record RecordingSeriesConfig(
    String name, List<Item> items, Duration rotate, long rotateBytes, int keep, String note) {

  /** The keys of a series: {@code recording.<name>.<setting>}. */
  static final Pattern KEY = Pattern.compile("recording\\.([A-Za-z0-9_-]+)\\.(.+)");

  private static final List<ConfigKey<?>> SETTINGS = new ArrayList<>();

  private static <T> ConfigKey<T> setting(
      String name, String defaultText, ConfigType<T> type, String meaning) {
    ConfigKey<T> k = new ConfigKey<>(name, defaultText, type, meaning);
    SETTINGS.add(k);
    return k;
  }

  public static final ConfigKey<String> ITEMS =
      setting(
          "items",
          null,
          ConfigType.text(),
          "attributes recorded, '<im path>:<attribute>' separated by commas (required)");
  public static final ConfigKey<Duration> ROTATE =
      setting(
          "rotate",
          "off",
          ConfigType.optionalDuration(),
          "start the next recording of the series after this long");
  public static final ConfigKey<Long> ROTATE_BYTES =
      setting(
          "rotateBytes",
          "off",
          ConfigType.optionalSize(),
          "start the next recording once the current one's segments take this much");
  public static final ConfigKey<Integer> KEEP =
      setting(
          "keep",
          "0",
          ConfigType.integer(0, 1_000_000),
          "recordings of the series kept, the oldest deleted beyond; 0: all (quota applies)");
  public static final ConfigKey<String> NOTE =
      setting("note", "", ConfigType.freeText(), "the note of the series' recordings");

  /**
   * One recorded attribute.
   *
   * @param im the IM's path, e.g. {@code lab/scope}
   * @param attribute a subscribable attribute of it
   */
  public record Item(String im, String attribute) {}

  public RecordingSeriesConfig {
    items = List.copyOf(items);
  }

  /** The settings of a series, each with its default; the setting name without the prefix. */
  public static List<ConfigKey<?>> settings() {
    return Collections.unmodifiableList(SETTINGS);
  }

  /** The setting named {@code name}, or null. */
  public static ConfigKey<?> setting(String name) {
    return ImSettings.find(SETTINGS, name);
  }

  /**
   * A series from its keys.
   *
   * @param kv its settings without the {@code recording.<name>.} prefix
   */
  static RecordingSeriesConfig read(String name, Map<String, String> kv) throws ConfigException {
    String prefix = "recording." + name + ".";
    for (String k : kv.keySet()) {
      if (setting(k) == null) {
        throw new ConfigException(
            "unknown setting '"
                + prefix
                + k
                + "'; a recording series takes "
                + ImSettings.names(SETTINGS));
      }
    }
    String itemsText = kv.get(ITEMS.name());
    if (itemsText == null || itemsText.isBlank()) {
      throw new ConfigException(
          prefix + "items is required: the attributes to record, e.g. 'lab/scope:waveform'");
    }
    List<Item> items = new ArrayList<>();
    for (String part : itemsText.split(",")) {
      String p = part.trim();
      int colon = p.lastIndexOf(':');
      if (colon <= 0 || colon == p.length() - 1) {
        throw new ConfigException(
            prefix
                + "items: '"
                + p
                + "' is not '<im path>:<attribute>', e.g. 'lab/scope:waveform'");
      }
      Item item = new Item(p.substring(0, colon).trim(), p.substring(colon + 1).trim());
      if (items.contains(item)) {
        throw new ConfigException(prefix + "items names '" + p + "' twice");
      }
      items.add(item);
    }
    return new RecordingSeriesConfig(
        name,
        items,
        value(kv, prefix, ROTATE),
        value(kv, prefix, ROTATE_BYTES),
        value(kv, prefix, KEEP),
        value(kv, prefix, NOTE));
  }

  private static <T> T value(Map<String, String> kv, String prefix, ConfigKey<T> k)
      throws ConfigException {
    String text = kv.get(k.name());
    return new ConfigKey<>(prefix + k.name(), k.defaultText(), k.type(), k.meaning())
        .read(text == null ? k.defaultText() : text);
  }
}
