package org.instrumentelement.ie.config;

import java.util.Map;
import java.util.TreeSet;

/**
 * The text {@code instrument-element --help} prints: how options are given, and every key the
 * loader knows with its default, taken from {@link ConfigLoader} so that it cannot drift from it.
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
        .append("configuration file > default. Reference: docs/configuration.md\n\n")
        .append("Keys and their defaults:\n");
    for (Map.Entry<String, String> e : ConfigLoader.globalDefaults().entrySet()) {
      b.append("  --")
          .append(e.getKey())
          .append('=')
          .append(e.getValue().isEmpty() ? "(empty)" : e.getValue())
          .append('\n');
    }
    b.append("Instrument Managers (<name>: letters, digits, '-', '_'):\n")
        .append("  --im.<name>.{")
        .append(String.join(",", new TreeSet<>(ConfigLoader.imSettings())))
        .append("}\n")
        .append("  --im.<name>.param.<parameter>\n")
        .append("  --im.<name>.attribute.<attribute>.{")
        .append(String.join(",", new TreeSet<>(ConfigLoader.attributeSettings())))
        .append("}\n")
        .append("The VCR portal's keys (portal.*) are checked by the portal.\n");
    return b.toString();
  }
}
