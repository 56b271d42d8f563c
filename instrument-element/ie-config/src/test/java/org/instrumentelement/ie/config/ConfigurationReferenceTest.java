package org.instrumentelement.ie.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/configuration.md is the configuration reference: its key tables must list exactly the keys
 * of the tables the loader reads ({@link ConfigKeys}, {@link ImSettings}), with the defaults they
 * declare, so that neither drifts from the other. The VCR portal's keys are checked by the portal's
 * own test.
 */
class ConfigurationReferenceTest {
  static final Path REFERENCE = Path.of("..", "..", "docs", "configuration.md");

  private static final String SERIES_PREFIX = "recording.<name>.";
  private static final Pattern CODE = Pattern.compile("`([^`]+)`");
  private static final Pattern IM_KEY = Pattern.compile("im\\.<name>\\.(.+)");
  private static final Pattern ATTRIBUTE_KEY = Pattern.compile("attribute\\.<attribute>\\.(.+)");
  private static final Pattern ENV_EXAMPLE = Pattern.compile("`([a-z][A-Za-z.]+)` → `(IE_\\w+)`");

  /** Every key of a "| Key | Default | Meaning |" table, with its default cell. */
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
          keys.put(m.group(1), cells[2].trim());
        }
      }
    }
    assertFalse(keys.isEmpty(), "no '| Key |' tables in " + REFERENCE);
    return keys;
  }

  @Test
  void everyGlobalKeyIsDocumentedWithItsDefault() throws IOException {
    Map<String, String> documented = documentedKeys();
    List<String> problems = new ArrayList<>();
    for (ConfigKey<?> k : ConfigKeys.all()) {
      check(documented, k.name(), k.defaultText(), problems);
    }
    for (ConfigKey<?> k : ImSettings.im()) {
      check(documented, "im.<name>." + k.name(), k.defaultText(), problems);
    }
    for (ConfigKey<?> k : ImSettings.attribute()) {
      check(documented, "im.<name>.attribute.<attribute>." + k.name(), k.defaultText(), problems);
    }
    for (ConfigKey<?> k : RecordingSeriesConfig.settings()) {
      check(documented, "recording.<name>." + k.name(), k.defaultText(), problems);
    }
    assertEquals(List.of(), problems, "docs/configuration.md against ConfigKeys and ImSettings");
  }

  /** A key is documented, with its default where the table has one of its own. */
  private static void check(
      Map<String, String> documented, String key, String value, List<String> problems) {
    String cell = documented.get(key);
    if (cell == null) {
      problems.add(key + " is not documented");
    } else if (value != null
        && (value.isEmpty() ? !cell.startsWith("(empty") : !firstCode(cell, value))) {
      problems.add(key + ": default '" + value + "', documented as " + cell);
    }
  }

  private static boolean firstCode(String cell, String value) {
    Matcher m = CODE.matcher(cell);
    return m.find() && m.group(1).equals(value);
  }

  @Test
  void theParameterKeyIsDocumented() throws IOException {
    assertTrue(documentedKeys().containsKey("im.<name>.param.<parameter>"));
  }

  @Test
  void everyDocumentedKeyIsKnownToTheLoader() throws IOException {
    List<String> unknown = new ArrayList<>();
    for (String key : documentedKeys().keySet()) {
      Matcher im = IM_KEY.matcher(key);
      if (im.matches()) {
        String setting = im.group(1);
        Matcher attribute = ATTRIBUTE_KEY.matcher(setting);
        boolean known =
            ImSettings.find(ImSettings.im(), setting) != null
                || setting.equals("param.<parameter>")
                || (attribute.matches()
                    && ImSettings.find(ImSettings.attribute(), attribute.group(1)) != null);
        if (!known) {
          unknown.add(key);
        }
      } else if (key.startsWith(SERIES_PREFIX)) {
        if (RecordingSeriesConfig.setting(key.substring(SERIES_PREFIX.length())) == null) {
          unknown.add(key);
        }
      } else if (!ConfigKeys.isWebApplicationKey(key) && ConfigKeys.named(key) == null) {
        unknown.add(key);
      }
    }
    assertEquals(List.of(), unknown, "documented but not in ConfigKeys or ImSettings");
  }

  @Test
  void theEnvironmentVariableExamplesAreTheOnesTheLoaderReads() throws IOException {
    Matcher m = ENV_EXAMPLE.matcher(Files.readString(REFERENCE, StandardCharsets.UTF_8));
    int examples = 0;
    while (m.find()) {
      assertEquals(m.group(2), ConfigLoader.envName(m.group(1)));
      examples++;
    }
    assertTrue(examples > 0, "no 'key → IE_KEY' examples found");
  }

  @Test
  void theExampleConfigurationLoads(@TempDir Path dir) throws Exception {
    String text = Files.readString(REFERENCE, StandardCharsets.UTF_8);
    Matcher block = Pattern.compile("```properties\n(.*?)```", Pattern.DOTALL).matcher(text);
    int loaded = 0;
    while (block.find()) {
      Path file = dir.resolve("example-" + loaded + ".properties");
      Files.writeString(file, block.group(1), StandardCharsets.UTF_8);
      try {
        IeConfig c = ConfigLoader.load(List.of("--config", file.toString()), Map.of());
        assertFalse(c.ims().isEmpty(), "the example has Instrument Managers");
      } catch (ConfigException e) {
        fail("the example in docs/configuration.md does not load: " + e.getMessage());
      }
      loaded++;
    }
    assertTrue(loaded > 0, "no properties example in " + REFERENCE);
  }
}
