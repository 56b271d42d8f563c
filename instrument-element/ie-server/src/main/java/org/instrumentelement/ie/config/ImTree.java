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
import org.instrumentelement.im.ImContext;
import org.instrumentelement.im.LinkMode;

/**
 * The Instrument Managers of a configuration, from their {@code im.<name>.*} keys: each IM's
 * settings checked and typed, then every IM placed after its parent, with a parent that is not
 * configured or a circle of parents reported by name.
 */
final class ImTree {
  static final Pattern IM_KEY = Pattern.compile("im\\.([A-Za-z0-9_-]+)\\.(.+)");

  private static final Pattern ATTRIBUTE_KEY =
      Pattern.compile("attribute\\.([A-Za-z0-9_]+)\\.(.+)");
  static final Set<String> ATTRIBUTE_SETTINGS =
      Set.of("subscribable", "period", "deadband", "relativeDeadband", "heartbeat");
  static final Set<String> IM_SETTINGS =
      Set.of(
          "type",
          "address",
          "parent",
          "description",
          "autoLink",
          "autoStart",
          "timeout",
          ImContext.DESCRIPTOR,
          ImContext.RECONNECT,
          ImContext.RECONNECT_MAX_DELAY,
          ImContext.ON_LINK);

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
      if (k.startsWith("param.")) {
        params.put(k.substring("param.".length()), e.getValue());
      } else if (a.matches() && ATTRIBUTE_SETTINGS.contains(a.group(2))) {
        attributeKeys
            .computeIfAbsent(a.group(1), x -> new LinkedHashMap<>())
            .put(a.group(2), e.getValue());
      } else if (!IM_SETTINGS.contains(k)) {
        throw new ConfigException(
            "unknown setting '"
                + prefix
                + k
                + "' (known: "
                + IM_SETTINGS
                + ", param.<name>, attribute.<name>."
                + ATTRIBUTE_SETTINGS
                + ")");
      }
    }
    Map<String, AttributeConfig> attributes = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, String>> e : attributeKeys.entrySet()) {
      attributes.put(e.getKey(), attribute(prefix + "attribute." + e.getKey() + ".", e.getValue()));
    }
    String type = kv.get("type");
    if (type == null || type.isBlank()) {
      throw new ConfigException(prefix + "type is missing");
    }
    return new ImConfig(
        name,
        kv.getOrDefault("parent", ""),
        type,
        kv.getOrDefault("address", ""),
        kv.getOrDefault("description", ""),
        kv.containsKey("autoLink") ? ConfigValues.bool(kv, "autoLink", prefix) : true,
        kv.containsKey("autoStart") ? ConfigValues.bool(kv, "autoStart", prefix) : false,
        kv.containsKey("timeout")
            ? ConfigValues.parseDuration(kv.get("timeout"), prefix + "timeout")
            : defaultTimeout,
        params,
        attributes,
        imOptions(name, kv));
  }

  private static AttributeConfig attribute(String prefix, Map<String, String> a)
      throws ConfigException {
    return new AttributeConfig(
        a.containsKey("subscribable") ? ConfigValues.bool(a, "subscribable", prefix) : null,
        a.containsKey("period")
            ? ConfigValues.optionalDuration(a.get("period"), prefix + "period")
            : null,
        a.containsKey("deadband")
            ? ConfigValues.nonNegative(a.get("deadband"), prefix + "deadband")
            : null,
        a.containsKey("relativeDeadband")
            ? ConfigValues.nonNegative(a.get("relativeDeadband"), prefix + "relativeDeadband")
            : null,
        a.containsKey("heartbeat")
            ? ConfigValues.optionalDuration(a.get("heartbeat"), prefix + "heartbeat")
            : null);
  }

  /** The settings passed on to the IM as options, checked here so that typos stop start-up. */
  private static Map<String, String> imOptions(String name, Map<String, String> kv)
      throws ConfigException {
    Map<String, String> options = new LinkedHashMap<>();
    String prefix = "im." + name + ".";
    if (kv.containsKey(ImContext.DESCRIPTOR)) {
      options.put(ImContext.DESCRIPTOR, kv.get(ImContext.DESCRIPTOR));
    }
    if (kv.containsKey(ImContext.RECONNECT)) {
      options.put(
          ImContext.RECONNECT,
          Boolean.toString(ConfigValues.bool(kv, ImContext.RECONNECT, prefix)));
    }
    if (kv.containsKey(ImContext.ON_LINK)) {
      try {
        options.put(ImContext.ON_LINK, LinkMode.of(kv.get(ImContext.ON_LINK)).configName());
      } catch (IllegalArgumentException e) {
        throw new ConfigException(prefix + ImContext.ON_LINK + ": " + e.getMessage());
      }
    }
    if (kv.containsKey(ImContext.RECONNECT_MAX_DELAY)) {
      options.put(
          ImContext.RECONNECT_MAX_DELAY,
          ConfigValues.parseDuration(
                  kv.get(ImContext.RECONNECT_MAX_DELAY), prefix + ImContext.RECONNECT_MAX_DELAY)
              .toString());
    }
    return options;
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
