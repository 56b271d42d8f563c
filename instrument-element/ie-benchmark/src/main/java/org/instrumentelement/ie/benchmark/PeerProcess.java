package org.instrumentelement.ie.benchmark;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ie.measure.ProcessCpu;

/**
 * A JVM the benchmark starts beside the IE (the OPC UA peer's server and load client, the ladder's
 * copy fan-out): a process of its own, reached through the lines it prints on standard output and
 * the commands written to its standard input; its CPU time read from {@code /proc}. Its standard
 * error (Milo's warnings) goes to a temporary file, quoted when something fails and removed by
 * {@link #close()}.
 */
final class PeerProcess implements AutoCloseable {
  private static final Duration STOP_GRACE = Duration.ofSeconds(10);

  /** What the reader puts in the queue at the end of the output. */
  private static final Optional<String> END = Optional.empty();

  private final Process process;
  private final PrintWriter input;
  private final BlockingQueue<Optional<String>> lines = new LinkedBlockingQueue<>();
  private final Path log;
  private final ProcessCpu cpu;
  private final String name;

  private PeerProcess(Process process, Path log, String name) {
    this.process = process;
    this.log = log;
    this.name = name;
    this.input =
        new PrintWriter(
            new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8), true);
    this.cpu = new ProcessCpu(process.pid());
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader out =
                  new BufferedReader(
                      new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String l = out.readLine(); l != null; l = out.readLine()) {
                  lines.add(Optional.of(l));
                }
              } catch (IOException e) {
                // the process is gone: the end below says so
              }
              lines.add(END);
            },
            "peer-output");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts a class of the peer's jar in a JVM of its own.
   *
   * @param jar the peer's jar, its {@code lib/} beside it
   * @param javaOptions options of the JVM
   * @param mainClass the command to run
   * @param args its options
   */
  static PeerProcess start(Path jar, List<String> javaOptions, String mainClass, List<String> args)
      throws IOException {
    if (!Files.isRegularFile(jar)) {
      throw new IOException("no OPC UA peer jar at " + jar + " (mvn package builds it)");
    }
    return start("the OPC UA peer", jar.toString(), javaOptions, mainClass, args);
  }

  /**
   * Starts {@code mainClass} of {@code classPath} in a JVM of its own.
   *
   * @param name what error messages call it ("the OPC UA peer")
   */
  static PeerProcess start(
      String name, String classPath, List<String> javaOptions, String mainClass, List<String> args)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(javaOptions);
    cmd.add("-cp");
    cmd.add(classPath);
    cmd.add(mainClass);
    cmd.addAll(args);
    Path log = Files.createTempFile("ie-benchmark-child", ".log");
    Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
    return new PeerProcess(p, log, name);
  }

  /**
   * The next line of its output.
   *
   * @throws IOException when none comes within {@code within}, or the output ended
   */
  String nextLine(Duration within) throws IOException {
    Optional<String> line;
    try {
      line = lines.poll(within.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for " + name, e);
    }
    if (line == null) {
      throw new IOException(name + " said nothing within " + within.toSeconds() + " s; " + tail());
    }
    if (line.isEmpty()) {
      lines.add(END);
      throw new IOException(name + " exited; " + tail());
    }
    return line.get();
  }

  /** Writes one line to its input. */
  void send(String line) {
    input.println(line);
  }

  /** The CPU time of the process. */
  ProcessCpu cpu() {
    return cpu;
  }

  /** The last lines of its standard error, for an error message. */
  private String tail() {
    try {
      List<String> l = Files.readAllLines(log);
      return l.isEmpty()
          ? "nothing on its standard error"
          : "its standard error ends:\n"
              + String.join("\n", l.subList(Math.max(0, l.size() - 20), l.size()));
    } catch (IOException e) {
      return "see " + log;
    }
  }

  /**
   * Closes its input (the commands stop at the end of their input), and stops it with SIGTERM, then
   * SIGKILL, if it has not exited within 10 s.
   */
  @Override
  public void close() throws IOException {
    input.close();
    try {
      if (!process.waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS)) {
        process.destroy();
        if (!process.waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS);
        }
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    Files.deleteIfExists(log);
  }
}
