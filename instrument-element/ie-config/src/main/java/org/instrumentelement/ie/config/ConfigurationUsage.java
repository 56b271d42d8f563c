package org.instrumentelement.ie.config;

import java.util.List;

/**
 * The text {@code instrument-element --help} prints: how options are given, and every key with its
 * default, type and meaning, taken from the tables the loader reads ({@link ConfigKeys}, {@link
 * ImSettings}, {@link RecordingSeriesConfig}), so that it cannot drift from them.
 */
public final class ConfigurationUsage {
  private ConfigurationUsage() {}

  /** The usage text, ending with a line break. */
  public static String text() {
    StringBuilder b = new StringBuilder();
    b.append("usage: instrument-element [--config FILE] [--<key>=<value> ...] [--reset-state]\n")
        .append("Without a configuration file it serves the built-in mock laboratory.\n")
        .append("--reset-state sets the run-time state kept in data.dir aside (renamed) and\n")
        .append("starts from the configuration alone.\n")
        .append(
            "Precedence: command line > environment (IE_ + the key in upper case with '_' for\n")
        .append("every other character: http.port -> IE_HTTP_PORT; IE_CONFIG names the file) >\n")
        .append("configuration file > default. ${user.home} in a path is the home directory.\n")
        .append("Reference: docs/configuration.md\n\n")
        .append("Keys and their defaults:\n");
    keys(b, "--", ConfigKeys.all());
    b.append("Instrument Managers (<name>: letters, digits, '-', '_'):\n");
    keys(b, "--im.<name>.", ImSettings.im());
    b.append("  --im.<name>.param.<parameter>=... initial parameter value\n");
    keys(b, "--im.<name>.attribute.<attribute>.", ImSettings.attribute());
    b.append("Always-on recordings (<name>: letters, digits, '-', '_'):\n");
    keys(b, "--recording.<name>.", RecordingSeriesConfig.settings());
    b.append(
            "The VCR portal's keys (portal.*) are the portal's: it checks them (docs/configuration.md")
        .append(" lists them).\n");
    return b.toString();
  }

  private static void keys(StringBuilder b, String prefix, List<ConfigKey<?>> keys) {
    for (ConfigKey<?> k : keys) {
      b.append("  ").append(prefix).append(k.name());
      if (k.defaultText() != null) {
        b.append('=').append(k.defaultText().isEmpty() ? "(empty)" : k.defaultText());
      }
      b.append("  [").append(k.type().describe()).append("] ").append(k.meaning()).append('\n');
    }
  }
}
