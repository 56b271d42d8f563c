package org.instrumentelement.portal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The portal's keys in docs/configuration.md match {@link PortalKeys}: every key it declares is
 * documented with its default, and every documented {@code portal.*} key is accepted by {@link
 * PortalConfigLoader}.
 */
class PortalConfigurationReferenceTest {
  static final Path REFERENCE = Path.of("..", "docs", "configuration.md");

  private static final Pattern CODE = Pattern.compile("`([^`]+)`");
  private static final String URL = "http://annex.lab:8080/ie/services/InstrumentElement";

  /** Every {@code portal.*} key of a "| Key |" table, with its default cell. */
  private static Map<String, String> documentedKeys() throws IOException {
    Map<String, String> keys = new LinkedHashMap<>();
    boolean inKeyTable = false;
    for (String line : Files.readAllLines(REFERENCE, StandardCharsets.UTF_8)) {
      if (line.startsWith("| Key |")) {
        inKeyTable = true;
      } else if (!line.startsWith("|")) {
        inKeyTable = false;
      } else if (inKeyTable && !line.startsWith("|---")) {
        String[] cells = line.split("\\|");
        Matcher m = CODE.matcher(cells[1]);
        while (m.find()) {
          if (m.group(1).startsWith("portal.")) {
            keys.put(m.group(1), cells[2].trim());
          }
        }
      }
    }
    assertFalse(keys.isEmpty(), "no portal keys in " + REFERENCE);
    return keys;
  }

  @Test
  void everyKeyThePortalKnowsIsDocumentedWithItsDefault() throws IOException {
    Map<String, String> documented = documentedKeys();
    List<String> problems = new ArrayList<>();
    for (PortalKeys.Key k : PortalKeys.all()) {
      String key = k.name();
      String value = k.defaultText();
      String cell = documented.get(key);
      if (cell == null) {
        problems.add(key + " is not documented");
      } else if (value.isEmpty() ? !cell.startsWith("(empty") : !cell.startsWith("`" + value)) {
        problems.add(key + ": default '" + value + "', documented as " + cell);
      }
    }
    for (String setting : PortalKeys.PER_IE) {
      if (!documented.containsKey("portal.ie.<name>." + setting)) {
        problems.add("portal.ie.<name>." + setting + " is not documented");
      }
    }
    assertEquals(List.of(), problems, "docs/configuration.md against PortalConfigLoader");
  }

  @Test
  void everyDocumentedPortalKeyIsAccepted() throws IOException {
    List<String> refused = new ArrayList<>();
    for (String key : documentedKeys().keySet()) {
      String concrete = key.replace("<name>", "annex");
      Map<String, String> params = new LinkedHashMap<>();
      params.put("portal.ie.annex.url", URL);
      if (!concrete.equals(PortalConfigLoader.CONFIG_FILE)) {
        params.putIfAbsent(
            concrete,
            PortalKeys.all().stream()
                .filter(k -> k.name().equals(concrete))
                .map(PortalKeys.Key::defaultText)
                .findFirst()
                .orElse("x"));
      }
      try {
        PortalConfigLoader.resolve(params, Map.of(), Map.of(), "lab", null);
      } catch (PortalConfigException e) {
        refused.add(key + ": " + e.getMessage());
      }
    }
    assertEquals(List.of(), refused, "documented but refused by PortalConfigLoader");
  }
}
