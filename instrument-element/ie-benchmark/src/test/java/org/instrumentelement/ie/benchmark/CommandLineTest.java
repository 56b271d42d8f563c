package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
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
}
