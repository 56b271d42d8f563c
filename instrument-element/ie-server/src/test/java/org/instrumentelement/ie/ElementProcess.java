package org.instrumentelement.ie;

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
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;

/**
 * An Instrument Element started from its runnable jar ({@code target/instrument-element.jar}, or
 * the system property {@code ie.jar}) as a process of its own, on free ports, keeping its run-time
 * state in a given directory: what a restart test needs to kill it as a power cut would. Its output
 * goes to a log file. (The same approach as the JMeter plans' {@code IeProcess}, reduced to what
 * these tests use.)
 */
final class ElementProcess implements AutoCloseable {
  private static final String ENDPOINT = "SOAP endpoint: ";

  private final Process process;
  private final String endpoint;
  private final Path log;

  private ElementProcess(Process process, String endpoint, Path log) {
    this.process = process;
    this.endpoint = endpoint;
    this.log = log;
  }

  /**
   * Starts an IE with HTTP and OpenWire on free ports (STOMP, MQTT, the audit file and the portal
   * off), {@code data.dir = dataDir} and these further options, and waits until it serves.
   */
  static ElementProcess start(Path dataDir, Path log, List<String> options) throws IOException {
    Path jar = Path.of(System.getProperty("ie.jar", "target/instrument-element.jar"));
    if (!Files.isRegularFile(jar)) {
      throw new IOException("no Instrument Element jar at " + jar + " (mvn package builds it)");
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of("-jar", jar.toString()));
    cmd.addAll(
        List.of(
            "--http.port=0",
            "--broker.port=0",
            "--broker.stompPort=-1",
            "--broker.mqttPort=-1",
            "--audit.file=off",
            "--portal.contextPath=off",
            "--data.dir=" + dataDir));
    cmd.addAll(options);
    Files.createDirectories(log.toAbsolutePath().getParent());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    CompletableFuture<String> ready = new CompletableFuture<>();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                      new BufferedReader(
                          new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                  PrintWriter out = new PrintWriter(Files.newBufferedWriter(log), true)) {
                String line;
                while ((line = in.readLine()) != null) {
                  out.println(line);
                  int at = line.indexOf(ENDPOINT);
                  if (at >= 0) {
                    ready.complete(line.substring(at + ENDPOINT.length()).trim());
                  }
                }
              } catch (IOException e) {
                ready.completeExceptionally(e);
              }
              ready.completeExceptionally(
                  new IOException("the Instrument Element exited before serving; see " + log));
            },
            "ie-process-output");
    reader.setDaemon(true);
    reader.start();
    try {
      return new ElementProcess(p, ready.get(120, TimeUnit.SECONDS), log);
    } catch (ExecutionException | TimeoutException e) {
      p.destroyForcibly();
      throw new IOException("the Instrument Element did not start; see " + log, e);
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  /** A SOAP port signed in as {@code user} (password = name: the development users). */
  InstrumentElementPort client(String user) {
    return InstrumentElementClient.connect(endpoint, user, user);
  }

  /** What the process printed so far. */
  String output() throws IOException {
    return Files.readString(log);
  }

  /** Kills it with SIGKILL, as a power cut or the OOM killer would: no shutdown hook runs. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the Instrument Element survived SIGKILL");
    }
  }

  /** Stops it as Ctrl-C or systemd would (SIGTERM: its shutdown hook closes everything). */
  @Override
  public void close() throws InterruptedException {
    if (!process.isAlive()) {
      return;
    }
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      kill();
    }
  }
}
