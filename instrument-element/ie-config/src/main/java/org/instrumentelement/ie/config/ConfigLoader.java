package org.instrumentelement.ie.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;

/**
 * Resolves the configuration: the layers merged with their precedence ({@link ConfigLayers}:
 * command line &gt; environment &gt; file &gt; defaults), each key sorted by its owner (a global
 * key of {@link ConfigKeys}, an IM's key for {@link ImTree}, a recording series' key for {@link
 * RecordingSeriesConfig}, a hosted web application's key passed on unread), and the global keys
 * read into typed sections ({@link IeConfig#read}). A key that none of them owns is an error. The
 * file is the one named by {@code --config}, else by {@code IE_CONFIG}, else none (the built-in
 * mock laboratory).
 */
public final class ConfigLoader {
  /** Option naming the configuration file. */
  public static final String CONFIG_OPTION = "config";

  /** Environment variable naming the configuration file. */
  public static final String CONFIG_ENV = "IE_CONFIG";

  private ConfigLoader() {}

  /**
   * Resolves the configuration.
   *
   * @param args command-line arguments: {@code --config FILE}, {@code --config=FILE}, {@code
   *     --key=value}
   * @param env the environment (normally {@code System.getenv()})
   */
  public static IeConfig load(List<String> args, Map<String, String> env) throws ConfigException {
    Map<String, String> cli = ConfigLayers.parseArguments(args);
    String file = cli.remove(CONFIG_OPTION);
    if (file == null) {
      file = env.get(CONFIG_ENV);
    }
    Map<String, String> fileValues =
        file == null ? ConfigLayers.builtInLab() : ConfigLayers.readFile(Path.of(file));
    return resolve(cli, env, fileValues);
  }

  /** Resolves from explicit layers (tests). */
  public static IeConfig resolve(
      Map<String, String> cli, Map<String, String> env, Map<String, String> file)
      throws ConfigException {
    Map<String, String> defaults = new LinkedHashMap<>();
    ConfigKeys.all().forEach(k -> defaults.put(k.name(), k.defaultText()));
    Map<String, String> merged = ConfigLayers.merge(cli, env, file, defaults);
    Map<String, Map<String, String>> imKeys = new LinkedHashMap<>();
    Map<String, String> webApplicationKeys = new LinkedHashMap<>();
    Map<String, Map<String, String>> seriesKeys = new java.util.TreeMap<>();
    for (Map.Entry<String, String> e : merged.entrySet()) {
      String key = e.getKey();
      Matcher m = ImTree.IM_KEY.matcher(key);
      if (m.matches()) {
        imKeys
            .computeIfAbsent(m.group(1), k -> new LinkedHashMap<>())
            .put(m.group(2), e.getValue());
      } else if (ConfigKeys.named(key) == null
          && RecordingSeriesConfig.KEY.matcher(key).matches()) {
        Matcher r = RecordingSeriesConfig.KEY.matcher(key);
        r.matches();
        seriesKeys
            .computeIfAbsent(r.group(1), k -> new LinkedHashMap<>())
            .put(r.group(2), e.getValue());
      } else if (ConfigKeys.isWebApplicationKey(key)) {
        webApplicationKeys.put(key, e.getValue());
      } else if (ConfigKeys.named(key) == null) {
        throw new ConfigException("unknown configuration key '" + key + "'");
      }
    }
    KeyValues keys = new KeyValues(merged);
    List<RecordingSeriesConfig> series = new ArrayList<>();
    for (Map.Entry<String, Map<String, String>> e : seriesKeys.entrySet()) {
      series.add(RecordingSeriesConfig.read(e.getKey(), e.getValue()));
    }
    return IeConfig.read(
        keys,
        ImTree.build(imKeys, keys.get(ConfigKeys.INSTRUMENT_TIMEOUT)),
        series,
        webApplicationKeys,
        merged);
  }

  /** The environment variable that overrides {@code key}. */
  public static String envName(String key) {
    return ConfigLayers.envName(key);
  }
}
