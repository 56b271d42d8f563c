package org.instrumentelement.jmeter.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SettingsTest {

  @Test
  void defaultsReproduceThePaper() {
    Settings s = new Settings();
    assertEquals(List.of(1250, 2500), s.integers("lengths"));
    assertEquals(List.of(5, 10, 20, 40), s.integers("clients"));
    assertEquals("lab/array2500", s.im(2500));
    assertTrue(s.ownIe());
  }

  @Test
  void optionsOverrideDefaultsAndUnknownOnesAreRefused() {
    Settings s = new Settings("--ie.url=http://ie:8080/x", "--clients=1, 2");
    assertFalse(s.ownIe());
    assertEquals(List.of(1, 2), s.integers("clients"));
    assertThrows(IllegalArgumentException.class, () -> new Settings("--nope=1"));
    assertThrows(IllegalArgumentException.class, () -> new Settings("clients=1"));
    assertEquals("5", new Settings("--jms.prefetch=5").get("jms.prefetch"));
    assertThrows(IllegalArgumentException.class, () -> new Settings("--jms.prefetch=0"));
    assertThrows(IllegalArgumentException.class, () -> new Settings("--jms.prefetch=few"));
    assertEquals("batches", new Settings().get("jms.acknowledge"));
    assertEquals("each", new Settings("--jms.acknowledge=each").get("jms.acknowledge"));
    assertThrows(IllegalArgumentException.class, () -> new Settings("--jms.acknowledge=some"));
  }

  @Test
  void helpIsFoundAfterTheScriptsOwnCommandOption() {
    assertTrue(Settings.asksForHelp("--command=jmeter-plans/run-experiment.sh --help", "--help"));
    assertTrue(Settings.asksForHelp("-h"));
    assertFalse(Settings.asksForHelp("--ie.url=http://ie:8080/x"));
  }

  @Test
  void usageListsEveryOptionWithItsDefaultButNotTheInternalCommand() {
    String usage = Settings.usage();
    for (String key : Settings.DEFAULTS.keySet()) {
      if (!key.equals("command")) {
        assertTrue(usage.contains("--" + key + " "), "--help lists --" + key);
      }
    }
    assertFalse(usage.contains("--command"));
    assertTrue(usage.contains("[jmeter-plans/target/report]"), usage);
  }

  @Test
  void docsListEveryOption() throws Exception {
    String doc = Files.readString(Path.of("..", "docs", "jmeter.md"));
    for (String key : Settings.DEFAULTS.keySet()) {
      if (!key.equals("command")) {
        assertTrue(doc.contains("`--" + key + "`"), "docs/jmeter.md lists --" + key);
      }
    }
  }

  @Test
  void theCommandsInTheDocsAreAccepted() throws Exception {
    int commands = 0;
    for (String line : Files.readAllLines(Path.of("..", "docs", "jmeter.md"))) {
      if (line.startsWith("jmeter-plans/run-experiment.sh")) {
        String[] words = line.replaceAll("#.*", "").trim().split("\\s+");
        String[] args = Arrays.copyOfRange(words, 1, words.length);
        if (!Settings.asksForHelp(args)) {
          new Settings(args);
        }
        commands++;
      }
    }
    assertTrue(commands > 2, "commands found in docs/jmeter.md: " + commands);
  }
}
