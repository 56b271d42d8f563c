package org.instrumentelement.jmeter.experiment;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs JMeter in non-GUI mode in a JVM of its own, from the installation the build assembles in
 * {@code jmeter-plans/target/jmeter} ({@code bin/ApacheJMeter.jar}, JMeter's own launcher).
 */
final class JMeterLauncher {
  /** JMeter properties every run gets: keep-alive connections for the whole run, quiet ports. */
  static final Map<String, String> FIXED =
      Map.of(
          "httpclient.reset_state_on_thread_group_iteration", "false",
          "summariser.interval", "10",
          "jmeterengine.nongui.port", "0",
          "jmeter.save.saveservice.output_format", "csv");

  private final Path home;
  private final List<String> javaOptions;

  JMeterLauncher(Path home, List<String> javaOptions) throws IOException {
    this.home = home;
    this.javaOptions = javaOptions;
    if (!Files.isRegularFile(launcher())) {
      throw new IOException(
          "no JMeter at " + home + " (mvn -pl jmeter-plans -am package assembles it)");
    }
    // NewDriver complains when this optional folder is missing.
    Files.createDirectories(home.resolve("lib").resolve("junit"));
  }

  Path home() {
    return home;
  }

  private Path launcher() {
    return home.resolve("bin").resolve("ApacheJMeter.jar");
  }

  /** A started JMeter process. */
  record Run(Process process, Thread output) {
    long pid() {
      return process.pid();
    }

    /** Waits for JMeter to finish and returns its exit code. */
    int await() throws InterruptedException {
      int code = process.waitFor();
      output.join();
      return code;
    }
  }

  /**
   * Starts a plan; JMeter's console lines go to {@code console} (its summariser prints progress
   * every 10 s) and its log to {@code log}. Results are written as CSV to {@code results}.
   */
  Run start(
      Path plan, Map<String, String> properties, Path results, Path log, Consumer<String> console)
      throws IOException {
    Files.deleteIfExists(results);
    List<String> cmd = command();
    cmd.addAll(
        List.of("-n", "-t", plan.toString(), "-l", results.toString(), "-j", log.toString()));
    FIXED.forEach((k, v) -> cmd.add("-J" + k + "=" + v));
    properties.forEach((k, v) -> cmd.add("-J" + k + "=" + v));
    return launch(cmd, console);
  }

  /** Writes JMeter's HTML dashboard for a results file into an empty or missing directory. */
  int dashboard(Path results, Path outputDir, Path log, Consumer<String> console)
      throws IOException, InterruptedException {
    List<String> cmd = command();
    cmd.addAll(
        List.of(
            "-g",
            results.toString(),
            "-o",
            outputDir.toString(),
            "-j",
            log.toString(),
            "-Jjmeter.reportgenerator.overall_granularity=1000"));
    return launch(cmd, console).await();
  }

  private List<String> command() {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(javaOptions);
    cmd.add("-jar");
    cmd.add(launcher().toString());
    return cmd;
  }

  private static Run launch(List<String> cmd, Consumer<String> console) throws IOException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    Thread t =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                  console.accept(line);
                }
              } catch (IOException e) {
                console.accept("(JMeter output lost: " + e + ")");
              }
            },
            "jmeter-output");
    t.setDaemon(true);
    t.start();
    return new Run(p, t);
  }
}
