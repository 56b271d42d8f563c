package org.instrumentelement.jmeter.experiment;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * An Instrument Element started from its runnable jar as a separate process, on free ports (port 0:
 * it picks them and logs where it serves). Its output goes to a log file.
 */
final class IeProcess implements AutoCloseable {
  private static final String ENDPOINT = "SOAP endpoint: ";
  private static final String BROKER = "Embedded broker: ";

  private final Process process;
  private final String endpoint;
  private final String brokerUrl;

  private IeProcess(Process process, String endpoint, String brokerUrl) {
    this.process = process;
    this.endpoint = endpoint;
    this.brokerUrl = brokerUrl;
  }

  /**
   * Starts {@code java -jar ieJar} with free HTTP and OpenWire ports (STOMP and MQTT off), no
   * run-time state kept across runs, and the given extra options, and waits until it logs its
   * endpoint and broker.
   */
  static IeProcess start(Path ieJar, List<String> javaOptions, List<String> ieOptions, Path log)
      throws IOException {
    if (!Files.isRegularFile(ieJar)) {
      throw new IOException(
          "no Instrument Element jar at " + ieJar + " (build it with mvn package)");
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(javaOptions);
    cmd.add("-jar");
    cmd.add(ieJar.toString());
    cmd.add("--http.port=0");
    cmd.add("--broker.port=0");
    cmd.add("--broker.stompPort=-1");
    cmd.add("--broker.mqttPort=-1");
    cmd.add("--data.dir=off"); // every run starts from the configuration, as measured
    cmd.addAll(ieOptions);
    Files.createDirectories(log.getParent());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    CompletableFuture<String[]> ready = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              String endpoint = null;
              String broker = null;
              try (BufferedReader in =
                      new BufferedReader(
                          new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                  PrintWriter out = new PrintWriter(Files.newBufferedWriter(log), true)) {
                String line;
                while ((line = in.readLine()) != null) {
                  out.println(line);
                  if (line.contains(ENDPOINT)) {
                    endpoint = line.substring(line.indexOf(ENDPOINT) + ENDPOINT.length()).trim();
                  }
                  if (line.contains(BROKER)) {
                    String rest = line.substring(line.indexOf(BROKER) + BROKER.length()).trim();
                    broker = rest.split("\\s+")[0];
                  }
                  if (endpoint != null && broker != null && !ready.isDone()) {
                    ready.complete(new String[] {endpoint, broker});
                  }
                }
              } catch (IOException e) {
                ready.completeExceptionally(e);
              }
              ready.completeExceptionally(
                  new IOException("the Instrument Element exited before serving; see " + log));
            },
            "ie-output");
    reader.setDaemon(true);
    reader.start();
    try {
      String[] where = ready.get(180, TimeUnit.SECONDS);
      return new IeProcess(p, where[0], where[1]);
    } catch (ExecutionException | TimeoutException e) {
      p.destroyForcibly();
      throw new IOException("the Instrument Element did not start; see " + log, e);
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  String endpoint() {
    return endpoint;
  }

  String brokerUrl() {
    return brokerUrl;
  }

  long pid() {
    return process.pid();
  }

  /** Stops it as Ctrl-C would (its shutdown hook closes Tomcat and the broker). */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
