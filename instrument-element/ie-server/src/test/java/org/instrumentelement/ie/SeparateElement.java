package org.instrumentelement.ie;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;

/**
 * An Instrument Element in a JVM of its own, on free ports, with the JVM options a test needs (a
 * small heap, exit on OutOfMemoryError): for what must not be tried in the test's own JVM.
 */
final class SeparateElement implements AutoCloseable {
  private static final String ENDPOINT = "SOAP endpoint: ";

  private final Process process;
  private final String url;
  private final ConcurrentLinkedQueue<String> output;

  private SeparateElement(Process process, String url, ConcurrentLinkedQueue<String> output) {
    this.process = process;
    this.url = url;
    this.output = output;
  }

  /** Starts {@code Main} with these JVM and IE options and waits until it serves. */
  static SeparateElement start(List<String> javaOptions, List<String> ieOptions)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(javaOptions);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Main.class.getName());
    cmd.addAll(
        List.of(
            "--http.port=0",
            "--broker.port=0",
            "--broker.stompPort=-1",
            "--broker.mqttPort=-1",
            "--audit.file=off"));
    cmd.addAll(ieOptions);
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    ConcurrentLinkedQueue<String> output = new ConcurrentLinkedQueue<>();
    CompletableFuture<String> ready = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                  output.add(line);
                  if (line.contains(ENDPOINT)) {
                    ready.complete(line.substring(line.indexOf(ENDPOINT) + ENDPOINT.length()));
                  }
                }
              } catch (IOException ignored) {
                // the process ended
              }
              ready.completeExceptionally(new IOException("exited before serving: " + output));
            },
            "separate-element-output");
    reader.setDaemon(true);
    reader.start();
    try {
      return new SeparateElement(p, ready.get(120, TimeUnit.SECONDS).trim(), output);
    } catch (Exception e) {
      p.destroyForcibly();
      throw new IOException("the Instrument Element did not start: " + output, e);
    }
  }

  String url() {
    return url;
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** What it printed so far. */
  List<String> output() {
    return List.copyOf(output);
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }
  }
}
