package org.instrumentelement.jmeter.experiment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The runner's options, given as {@code --key=value}; every key has a default (see {@link
 * #DEFAULTS}, printed by {@code --help}).
 */
final class Settings {
  static final Map<String, String> DEFAULTS = new LinkedHashMap<>();

  static {
    DEFAULTS.put("ie.url", "");
    DEFAULTS.put("broker.url", "");
    // The IE's development admin: configureSampling needs the admin role. Give your own for a lab.
    DEFAULTS.put("ie.user", "admin");
    DEFAULTS.put("ie.password", "admin");
    DEFAULTS.put("ie.pid", "");
    DEFAULTS.put("ie.jar", "instrument-element/ie-server/target/instrument-element.jar");
    DEFAULTS.put("ie.java.opts", "");
    DEFAULTS.put("jmeter.home", "jmeter-plans/target/jmeter");
    DEFAULTS.put("jmeter.java.opts", "-Xms512m -Xmx1g");
    DEFAULTS.put("plans", "jmeter-plans/plans");
    DEFAULTS.put("out", "jmeter-plans/target/report");
    DEFAULTS.put("work", "jmeter-plans/target/experiment");
    DEFAULTS.put("lengths", "1250,2500");
    DEFAULTS.put("clients", "5,10,20,40");
    DEFAULTS.put("im", "lab/array{length}");
    DEFAULTS.put("attribute", "vector");
    DEFAULTS.put("encodings", "XML,BINARY");
    DEFAULTS.put("mtom", "true");
    DEFAULTS.put("warmup", "10");
    DEFAULTS.put("duration", "30");
    DEFAULTS.put("dashboard", "max");
    DEFAULTS.put("soak", "false");
    DEFAULTS.put("soak.pollers", "2");
    DEFAULTS.put("soak.subscribers", "4");
    DEFAULTS.put("poll.interval", "100");
    DEFAULTS.put("soak.period", "100");
    DEFAULTS.put("command", "");
  }

  private final Map<String, String> values = new LinkedHashMap<>(DEFAULTS);

  Settings(String... args) {
    for (String a : args) {
      if (!a.startsWith("--") || !a.contains("=")) {
        throw new IllegalArgumentException("options are --key=value, not " + a);
      }
      String key = a.substring(2, a.indexOf('='));
      if (!DEFAULTS.containsKey(key)) {
        throw new IllegalArgumentException("unknown option --" + key + " (see --help)");
      }
      values.put(key, a.substring(a.indexOf('=') + 1));
    }
  }

  String get(String key) {
    return values.get(key);
  }

  int integer(String key) {
    return Integer.parseInt(get(key).trim());
  }

  boolean flag(String key) {
    return Boolean.parseBoolean(get(key).trim());
  }

  Path path(String key) {
    return Path.of(get(key)).toAbsolutePath().normalize();
  }

  List<Integer> integers(String key) {
    List<Integer> l = new ArrayList<>();
    for (String s : get(key).split(",")) {
      l.add(Integer.parseInt(s.trim()));
    }
    return l;
  }

  List<String> words(String key) {
    String v = get(key).trim();
    return v.isEmpty() ? List.of() : Arrays.asList(v.split("[,\\s]+"));
  }

  /** The IM serving vectors of this length. */
  String im(int length) {
    return get("im").replace("{length}", Integer.toString(length));
  }

  /** True when this runner starts the Instrument Element itself. */
  boolean ownIe() {
    return get("ie.url").isBlank();
  }

  Map<String, String> all() {
    return values;
  }
}
