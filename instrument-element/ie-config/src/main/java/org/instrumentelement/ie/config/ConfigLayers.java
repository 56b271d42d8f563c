package org.instrumentelement.ie.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.instrumentelement.ie.contract.ConfigLayering;

/**
 * The four layers a configuration comes from, and their precedence ({@link ConfigLayering}, which
 * the VCR portal layers its own keys with): command-line options ({@code --key=value}), environment
 * variables, the configuration file, and the defaults in code. Without a file, the built-in mock
 * laboratory ({@code mock-lab.properties}) is the file. Knows nothing of what the keys mean.
 */
final class ConfigLayers {
  private ConfigLayers() {}

  /** Every key any layer names, with the text of the highest layer that has it, trimmed. */
  static Map<String, String> merge(
      Map<String, String> cli,
      Map<String, String> env,
      Map<String, String> file,
      Map<String, String> defaults) {
    return ConfigLayering.merge(cli, env, file, defaults);
  }

  /** The environment variable that overrides {@code key}. */
  static String envName(String key) {
    return ConfigLayering.envName(key);
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
    try {
      return ConfigLayering.readFile(path);
    } catch (IOException e) {
      throw new ConfigException(
          "cannot read configuration file " + path + ": " + e.getMessage(), e);
    }
  }

  /** The built-in mock laboratory, the file when none is named. */
  static Map<String, String> builtInLab() throws ConfigException {
    Properties p = new Properties();
    try (InputStream in = ConfigLayers.class.getResourceAsStream("mock-lab.properties")) {
      p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
    } catch (IOException | NullPointerException e) {
      throw new ConfigException("built-in configuration missing", e);
    }
    return ConfigLayering.toMap(p);
  }
}
