package org.instrumentelement.jmeter.experiment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code run-experiment.sh --help} prints the usage and builds nothing, also when the runner is
 * older than the sources or not built yet. The script runs from a copy in a temporary tree with an
 * empty pom.xml, where the build it would start fails (and says "Building" first).
 */
class RunExperimentHelpIT {
  @TempDir Path tree;

  @Test
  void helpWithARunnerOlderThanTheSourcesAsksTheRunnerAndBuildsNothing() throws Exception {
    Path runner = tree.resolve("jmeter-plans/target/jmeter-plans.jar");
    Files.createDirectories(runner.getParent());
    Files.copy(Path.of("target", "jmeter-plans.jar"), runner);
    // Everything else the script looks for, so that only the stale runner would make it build.
    for (String jar :
        List.of(
            "instrument-element/ie-measure/target/ie-measure.jar",
            "instrument-element/ie-server/target/instrument-element.jar",
            "jmeter-plans/target/jmeter/lib/ie-contract-0.jar")) {
      Files.createDirectories(tree.resolve(jar).getParent());
      new ZipOutputStream(Files.newOutputStream(tree.resolve(jar))).close(); // an empty jar
    }
    for (String f :
        List.of("ial/pom.xml", "instrument-managers/pom.xml", "jmeter-plans/pom.xml", "pom.xml")) {
      Files.createDirectories(tree.resolve(f).getParent());
      Files.writeString(tree.resolve(f), "");
    }
    Files.createDirectories(tree.resolve("jmeter-plans/src"));
    Path source = tree.resolve("instrument-element/ie-soap/src/main/java/Newer.java");
    Files.createDirectories(source.getParent());
    Files.writeString(source, "class Newer {}");
    Files.setLastModifiedTime(runner, FileTime.from(Instant.now().minusSeconds(3600)));

    Run r = run("--clients=5", "--help");
    assertEquals(0, r.status, r.out + r.err);
    assertFalse(r.err.contains("Building"), r.err);
    assertTrue(r.out.startsWith("usage: jmeter-plans/run-experiment.sh"), r.out);
    assertTrue(r.out.contains("--clients "), "the runner's usage, every option: " + r.out);
  }

  @Test
  void helpBeforeTheFirstBuildPrintsTheScriptsOwnSummary() throws Exception {
    Files.writeString(tree.resolve("pom.xml"), "");
    Run r = run("-h");
    assertEquals(0, r.status, r.out + r.err);
    assertFalse(r.err.contains("Building"), r.err);
    assertTrue(r.out.contains("--ie.url=URL"), r.out);
    assertTrue(r.out.contains("mvn -q -DskipTests -pl jmeter-plans -am package"), r.out);
  }

  record Run(int status, String out, String err) {}

  /** Runs a copy of the script in {@link #tree} with these arguments. */
  private Run run(String... args) throws Exception {
    Path script = tree.resolve("jmeter-plans/run-experiment.sh");
    Files.createDirectories(script.getParent());
    Files.copy(Path.of("run-experiment.sh"), script);
    List<String> command = new ArrayList<>(List.of("bash", script.toString()));
    command.addAll(List.of(args));
    Path out = tree.resolve("out.txt");
    Path err = tree.resolve("err.txt");
    Process p =
        new ProcessBuilder(command)
            .directory(tree.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .start();
    if (!p.waitFor(2, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("run-experiment.sh " + String.join(" ", args) + " did not end");
    }
    return new Run(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
