package org.instrumentelement.ie.contract;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * How the IE and the VCR portal layer a configuration, highest first: options given on the command
 * line (or the host's parameters), environment variables ({@code IE_HTTP_PORT} for {@code
 * http.port}: {@code IE_}, then the key upper-cased with every non-alphanumeric character as {@code
 * _}), the configuration file, and the defaults in code. Knows nothing of what the keys mean: each
 * side checks its own.
 */
public final class ConfigLayering {
  private ConfigLayering() {}

  /**
   * Every key any layer names, with the text of the highest layer that has it, trimmed.
   *
   * @param defaults the lowest layer; its keys are the ones the environment may set without a
   *     higher layer naming them
   */
  public static Map<String, String> merge(
      Map<String, String> options,
      Map<String, String> env,
      Map<String, String> file,
      Map<String, String> defaults) {
    Set<String> keys = new LinkedHashSet<>(defaults.keySet());
    keys.addAll(file.keySet());
    keys.addAll(options.keySet());
    Map<String, String> merged = new TreeMap<>();
    for (String key : keys) {
      String v = options.get(key);
      if (v == null) {
        v = env.get(envName(key));
      }
      if (v == null) {
        v = file.get(key);
      }
      if (v == null) {
        v = defaults.get(key);
      }
      merged.put(key, v.trim());
    }
    return merged;
  }

  /** The environment variable that overrides {@code key}. */
  public static String envName(String key) {
    return "IE_" + key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
  }

  /** A configuration file's keys and values (a properties file in UTF-8), in no set order. */
  public static Map<String, String> readFile(Path path) throws IOException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      p.load(r);
    }
    return toMap(p);
  }

  /** The string keys and values of {@code p}. */
  public static Map<String, String> toMap(Properties p) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String k : p.stringPropertyNames()) {
      m.put(k, p.getProperty(k));
    }
    return m;
  }
}
