package org.instrumentelement.ie.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;

/**
 * The four layers a configuration comes from, and their precedence, highest first: command-line
 * options ({@code --key=value}), environment variables ({@code IE_HTTP_PORT} for {@code http.port}:
 * {@code IE_}, then the key upper-cased with every non-alphanumeric character as {@code _}), the
 * configuration file, and the defaults in code. Without a file, the built-in mock laboratory
 * ({@code mock-lab.properties}) is the file. Knows nothing of what the keys mean.
 */
final class ConfigLayers {
  private ConfigLayers() {}

  /**
   * Every key any layer names, with the text of the highest layer that has it, trimmed.
   *
   * @param defaults the lowest layer; its keys are the ones the environment may set without a
   *     higher layer naming them
   */
  static Map<String, String> merge(
      Map<String, String> cli,
      Map<String, String> env,
      Map<String, String> file,
      Map<String, String> defaults) {
    Set<String> keys = new LinkedHashSet<>(defaults.keySet());
    keys.addAll(file.keySet());
    keys.addAll(cli.keySet());
    Map<String, String> merged = new TreeMap<>();
    for (String key : keys) {
      String v = cli.get(key);
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
  static String envName(String key) {
    return "IE_" + key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
  }

  static Map<String, String> parseArguments(List<String> args) throws ConfigException {
    Map<String, String> out = new LinkedHashMap<>();
    for (int i = 0; i < args.size(); i++) {
      String a = args.get(i);
      if (!a.startsWith("--")) {
        throw new ConfigException("unexpected argument '" + a + "': options look like --key=value");
      }
      String body = a.substring(2);
      int eq = body.indexOf('=');
      if (eq > 0) {
        out.put(body.substring(0, eq), body.substring(eq + 1));
      } else if (body.equals(ConfigLoader.CONFIG_OPTION) && i + 1 < args.size()) {
        out.put(ConfigLoader.CONFIG_OPTION, args.get(++i));
      } else {
        throw new ConfigException("option '" + a + "' needs a value: --" + body + "=...");
      }
    }
    return out;
  }

  static Map<String, String> readFile(Path path) throws ConfigException {
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(path, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException e) {
      throw new ConfigException(
          "cannot read configuration file " + path + ": " + e.getMessage(), e);
    }
    return toMap(p);
  }

  /** The built-in mock laboratory, the file when none is named. */
  static Map<String, String> builtInLab() throws ConfigException {
    Properties p = new Properties();
    try (InputStream in = ConfigLayers.class.getResourceAsStream("mock-lab.properties")) {
      p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
    } catch (IOException | NullPointerException e) {
      throw new ConfigException("built-in configuration missing", e);
    }
    return toMap(p);
  }

  private static Map<String, String> toMap(Properties p) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String k : p.stringPropertyNames()) {
      m.put(k, p.getProperty(k));
    }
    return m;
  }
}
