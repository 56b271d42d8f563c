package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CommandLineTest {

  @Test
  void helpIsAnsweredWhereverItComes() {
    assertTrue(CommandLine.asksForHelp("--quick", "--help"));
    assertTrue(CommandLine.asksForHelp("-h"));
    assertFalse(CommandLine.asksForHelp("--quick"));
  }

  @Test
  void knownOptionsAreParsed() {
    Map<String, String> opts =
        CommandLine.parse("--quick", "--only=floor,latency", "--clients=40", "--soak-minutes=10");
    assertEquals("", opts.get("quick"));
    assertEquals("floor,latency", opts.get("only"));
    assertEquals("40", opts.get("clients"));
    assertEquals("10", opts.get("soak-minutes"));
  }

  @Test
  void aTypoIsRefusedInsteadOfStartingAFullRun() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CommandLine.parse("--soak_minutes=10"));
    assertEquals("unknown option --soak_minutes (see --help)", e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> CommandLine.parse("--only=polls"));
    assertThrows(IllegalArgumentException.class, () -> CommandLine.parse("quick"));
  }

  @Test
  void theFiguresGoToBuildOutputByDefault() {
    assertTrue(CommandLine.DEFAULT_OUTPUT.contains("/target/"), CommandLine.DEFAULT_OUTPUT);
    assertTrue(CommandLine.usage().contains(CommandLine.DEFAULT_OUTPUT));
  }

  @Test
  void docsListEveryOption() throws Exception {
    String doc = Files.readString(Path.of("..", "..", "docs", "benchmark.md"));
    for (String option : CommandLine.optionNames()) {
      assertTrue(doc.contains("`--" + option + "`"), "docs/benchmark.md lists --" + option);
    }
  }

  @Test
  void theCommandsInTheDocsAreAccepted() throws Exception {
    int commands = 0;
    for (String line : Files.readAllLines(Path.of("..", "..", "docs", "benchmark.md"))) {
      if (line.startsWith("deploy/bin/ie-benchmark")) {
        String[] words = line.replaceAll("#.*", "").trim().split("\\s+");
        String[] args = Arrays.copyOfRange(words, 1, words.length);
        if (!CommandLine.asksForHelp(args)) {
          CommandLine.parse(args);
        }
        commands++;
      }
    }
    assertTrue(commands > 3, "commands found in docs/benchmark.md: " + commands);
  }
}
