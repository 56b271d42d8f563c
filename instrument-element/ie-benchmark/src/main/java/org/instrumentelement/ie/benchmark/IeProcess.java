package org.instrumentelement.ie.benchmark;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** An Instrument Element started from its runnable jar as a process of its own, on free ports. */
final class IeProcess implements AutoCloseable {
  final int httpPort;
  final int brokerPort;
  private final Process process;
  private final ProcessCpu cpu;
  private final Path log;

  private IeProcess(int httpPort, int brokerPort, Process process, Path log) {
    this.httpPort = httpPort;
    this.brokerPort = brokerPort;
    this.process = process;
    this.cpu = new ProcessCpu(process.pid());
    this.log = log;
  }

  /** Starts the built-in mock lab with these extra options and waits until it is ready. */
  static IeProcess start(Path jar, String javaOptions, List<String> options) throws Exception {
    int http = freePort();
    int broker = freePort();
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String o : javaOptions.split(" ")) {
      if (!o.isBlank()) {
        cmd.add(o);
      }
    }
    cmd.addAll(
        List.of(
            "-jar",
            jar.toString(),
            "--http.port=" + http,
            "--broker.port=" + broker,
            "--broker.stompPort=-1",
            "--broker.mqttPort=-1",
            "--audit.file=off",
            "--portal.contextPath=off",
            "--data.dir=off")); // every run starts from the configuration
    cmd.addAll(options);
    Path log = Files.createTempFile("ie-benchmark-server", ".log");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    IeProcess ie = new IeProcess(http, broker, p, log);
    ie.awaitReady(Duration.ofSeconds(90));
    return ie;
  }

  private void awaitReady(Duration timeout) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("the IE exited: " + Files.readString(log));
      }
      try {
        HttpResponse<String> r =
            http.send(
                HttpRequest.newBuilder(URI.create(base() + "/health/ready")).build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(200);
    }
    throw new IllegalStateException("the IE did not become ready: " + Files.readString(log));
  }

  String base() {
    return "http://localhost:" + httpPort + "/ie";
  }

  String serviceUrl() {
    return base() + "/services/InstrumentElement";
  }

  String brokerUrl() {
    return "tcp://localhost:" + brokerPort;
  }

  long pid() {
    return process.pid();
  }

  /** CPU time of the IE process (service and embedded broker) so far, in nanoseconds. */
  long cpuNanos() {
    return cpu.nanos();
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  @Override
  public void close() throws Exception {
    process.destroy();
    if (!process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
    Files.deleteIfExists(log);
  }
}
