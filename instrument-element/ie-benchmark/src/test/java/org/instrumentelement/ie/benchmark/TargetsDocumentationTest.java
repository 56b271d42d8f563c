package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** docs/benchmark.md's targets table is the run's: each target is written once, in Targets. */
class TargetsDocumentationTest {

  @Test
  void theDocumentedTableIsTheOneTheRunPrints() throws Exception {
    List<String> documented = new ArrayList<>();
    boolean inTable = false;
    for (String line : Files.readAllLines(Path.of("..", "..", "docs", "benchmark.md"))) {
      if (line.equals("| Target | Goal |")) {
        inTable = true;
      } else if (inTable && line.startsWith("|") && !line.startsWith("|---")) {
        documented.add(line);
      } else if (inTable && !line.startsWith("|")) {
        break;
      }
    }
    List<Targets.Target> all = new ArrayList<>(Targets.TARGETS);
    all.addAll(Targets.LOSS);
    all.addAll(Targets.HISTORY);
    all.addAll(Targets.CODES);
    all.add(Targets.SOAK);
    assertEquals(
        all.stream().map(t -> "| " + t.figure() + " | " + t.goal().text() + " |").toList(),
        documented);
  }

  @Test
  void aGoalsTextAndTestComeFromOneBound() {
    assertEquals(">= 6500", Targets.Goal.atLeast(6500).text());
    assertEquals("<= 1.03", Targets.Goal.atMost(1.03).text());
    assertEquals("= 0", Targets.Goal.none().text());
    assertEquals(true, Targets.Goal.atMost(1.03).met(1.03));
    assertEquals(false, Targets.Goal.atLeast(0.95).met(0.9499));
    assertEquals(false, Targets.Goal.none().met(1));
  }
}
