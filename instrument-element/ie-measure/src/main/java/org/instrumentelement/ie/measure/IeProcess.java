package org.instrumentelement.ie.measure;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import javax.net.ssl.SSLContext;
import org.instrumentelement.ie.measure.link.LinkShape;
import org.instrumentelement.ie.measure.link.ShapedLink;

/**
 * An Instrument Element started from its runnable jar as a process of its own, as an operator
 * starts it: the measurements reach it only through what it publishes (the endpoints it logs, its
 * health endpoint, SOAP and the broker) and through the process boundary (its pid, for the CPU
 * time). It listens on free ports (port 0: it picks them and logs where it serves) and starts from
 * its configuration alone, with nothing kept from an earlier run.
 */
public final class IeProcess implements AutoCloseable {
  /**
   * Options every measured IE gets before the caller's own (a later option wins): free HTTP and
   * OpenWire ports; STOMP and MQTT, the audit file and the portal off, so that only what is
   * measured runs; no run-time state, so that every run starts from the configuration.
   */
  static final List<String> BASE_OPTIONS =
      List.of(
          "--http.port=0",
          "--broker.port=0",
          "--broker.stompPort=-1",
          "--broker.mqttPort=-1",
          "--audit.file=off",
          "--portal.contextPath=off",
          "--data.dir=off");

  private static final Duration STOP_GRACE = Duration.ofSeconds(30);
  private static final int LOG_LINES_IN_ERRORS = 20;

  private final Process process;
  private final URI endpoint;
  private final URI broker;
  private final URI brokerTls;
  private final SSLContext trust;
  private final Path log;
  private final boolean ownLog;
  private final ProcessCpu cpu;

  /** The shaped link between the measurements and the IE, or null: they reach it directly. */
  private ShapedLink link;

  private IeProcess(Process process, StartupLog where, SSLContext trust, Path log, boolean ownLog) {
    this.process = process;
    this.endpoint = where.endpoint();
    this.broker = where.broker();
    this.brokerTls = where.brokerTls();
    this.trust = trust;
    this.log = log;
    this.ownLog = ownLog;
    this.cpu = new ProcessCpu(process.pid());
  }

  /** How to start an IE from this runnable jar; {@link Launch#start()} starts it. */
  public static Launch launch(Path jar) {
    return new Launch(jar);
  }

  /**
   * The settings of one start: JVM options, IE options, where its output goes, how long to wait.
   */
  public static final class Launch {
    private final Path jar;
    private List<String> classPath = List.of();
    private List<String> javaOptions = List.of();
    private List<String> options = List.of();
    private Path log;
    private Duration readyWithin = Duration.ofSeconds(180);
    private SSLContext trust;
    private LinkShape linkShape;
    private ShapedLink.Via linkVia = ShapedLink.Via.AUTO;

    private Launch(Path jar) {
      this.jar = jar;
    }

    /**
     * More class path entries beside the IE's jar (a jar, or {@code dir/*}): web applications the
     * IE serves when they are on its class path, as {@code deploy/bin/instrument-element} puts the
     * VCR portal's jar and its {@code lib/*} there. With any, the IE starts with {@code -cp} and
     * the main class its jar's manifest names instead of {@code -jar}.
     */
    public Launch alongside(List<String> entries) {
      this.classPath = List.copyOf(entries);
      return this;
    }

    /** Options of the IE's JVM (heap size and the like), placed before {@code -jar}. */
    public Launch javaOptions(List<String> javaOptions) {
      this.javaOptions = List.copyOf(javaOptions);
      return this;
    }

    /**
     * The IE's own {@code --key=value} options, after {@link IeProcess#BASE_OPTIONS}: a key given
     * here overrides the base one (the IE keeps the last).
     */
    public Launch options(List<String> options) {
      this.options = List.copyOf(options);
      return this;
    }

    /** Keeps the IE's output in this file; without it, a temporary file removed by close. */
    public Launch log(Path log) {
      this.log = log;
      return this;
    }

    /**
     * The TLS context that trusts the IE's certificate, for an IE given a keystore (it then serves
     * HTTPS, and its readiness is asked over HTTPS with this context).
     */
    public Launch trusting(SSLContext trust) {
      this.trust = trust;
      return this;
    }

    /** How long the IE may take to serve and report itself ready (default 180 s). */
    public Launch readyWithin(Duration readyWithin) {
      this.readyWithin = readyWithin;
      return this;
    }

    /** The whole command line of the IE process. */
    List<String> command() throws IOException {
      List<String> cmd = new ArrayList<>();
      cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      cmd.addAll(javaOptions);
      if (classPath.isEmpty()) {
        cmd.add("-jar");
        cmd.add(jar.toString());
      } else {
        List<String> cp = new ArrayList<>();
        cp.add(jar.toString());
        cp.addAll(classPath);
        cmd.add("-cp");
        cmd.add(String.join(File.pathSeparator, cp));
        cmd.add(mainClass(jar));
      }
      cmd.addAll(BASE_OPTIONS);
      cmd.addAll(options);
      return cmd;
    }

    /**
     * Puts a shaped wide-area link ({@link ShapedLink}) between the measurements and the IE's HTTP
     * and plain OpenWire ports once it is ready: {@link #serviceUrl}, {@link #baseUrl}, {@link
     * #brokerUrl} and their ports then name the link's side. Null: no link (the default).
     */
    public Launch through(LinkShape shape, ShapedLink.Via via) {
      this.linkShape = shape;
      this.linkVia = via;
      return this;
    }

    /**
     * Starts the IE and waits until it has logged its SOAP endpoint and its broker and its health
     * endpoint answers ready; on failure the process is stopped and the error quotes its log.
     */
    public IeProcess start() throws IOException {
      if (!Files.isRegularFile(jar)) {
        throw new IOException("no Instrument Element jar at " + jar + " (mvn package builds it)");
      }
      boolean ownLog = log == null;
      Path logFile = ownLog ? Files.createTempFile("instrument-element", ".log") : log;
      Files.createDirectories(logFile.toAbsolutePath().getParent());
      long deadline = System.nanoTime() + readyWithin.toNanos();
      Process p = new ProcessBuilder(command()).redirectErrorStream(true).start();
      try {
        StartupLog where = awaitServing(p, logFile, deadline);
        IeProcess ie = new IeProcess(p, where, trust, logFile, ownLog);
        ie.awaitReady(deadline);
        if (linkShape != null) {
          ie.link = ShapedLink.open(linkShape, ie.linkTargets(), linkVia);
        }
        return ie;
      } catch (IOException | RuntimeException e) {
        stop(p);
        throw e;
      }
    }

    /** The main class the runnable jar's manifest names. */
    private static String mainClass(Path jar) throws IOException {
      try (JarFile j = new JarFile(jar.toFile())) {
        Manifest m = j.getManifest();
        String main = m == null ? null : m.getMainAttributes().getValue(Attributes.Name.MAIN_CLASS);
        if (main == null) {
          throw new IOException(jar + " names no main class in its manifest");
        }
        return main;
      }
    }

    private StartupLog awaitServing(Process p, Path logFile, long deadline) throws IOException {
      StartupLog where = new StartupLog();
      CompletableFuture<StartupLog> serving = new CompletableFuture<>();
      Thread reader =
          new Thread(
              () -> {
                try (BufferedReader in =
                        new BufferedReader(
                            new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
                    PrintWriter out = new PrintWriter(Files.newBufferedWriter(logFile), true)) {
                  for (String line = in.readLine(); line != null; line = in.readLine()) {
                    out.println(line);
                    if (where.accept(line)) {
                      serving.complete(where);
                    }
                  }
                } catch (IOException e) {
                  serving.completeExceptionally(e);
                }
                serving.completeExceptionally(
                    new IOException("the Instrument Element exited before serving"));
              },
              "ie-output");
      reader.setDaemon(true);
      reader.start();
      try {
        return serving.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
      } catch (ExecutionException e) {
        throw new IOException(e.getCause().getMessage() + "; " + tail(logFile), e.getCause());
      } catch (TimeoutException e) {
        throw new IOException(
            "the Instrument Element did not serve within "
                + readyWithin.toSeconds()
                + " s; "
                + tail(logFile));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while the Instrument Element started", e);
      }
    }
  }

  /** Polls the health endpoint until it answers 200, the process dies, or the deadline passes. */
  private void awaitReady(long deadline) throws IOException {
    HttpClient http =
        trust == null
            ? HttpClient.newHttpClient()
            : HttpClient.newBuilder().sslContext(trust).build();
    HttpRequest ready = HttpRequest.newBuilder(URI.create(baseUrl() + "/health/ready")).build();
    try {
      while (System.nanoTime() < deadline) {
        if (!process.isAlive()) {
          throw new IOException("the Instrument Element exited; " + tail(log));
        }
        if (answersReady(http, ready)) {
          return;
        }
        Thread.sleep(100);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while the Instrument Element started", e);
    }
    throw new IOException("the Instrument Element did not become ready; " + tail(log));
  }

  /** 200; not 503 (serving, but the publisher has not reached the broker) nor no answer yet. */
  private static boolean answersReady(HttpClient http, HttpRequest ready)
      throws InterruptedException {
    try {
      return http.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  /** The last lines of the log, for an error message. */
  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log);
      int from = Math.max(0, lines.size() - LOG_LINES_IN_ERRORS);
      return "its log "
          + log
          + (lines.isEmpty()
              ? " is empty"
              : " ends:\n" + String.join("\n", lines.subList(from, lines.size())));
    } catch (IOException e) {
      return "see " + log;
    }
  }

  private List<java.net.InetSocketAddress> linkTargets() {
    List<java.net.InetSocketAddress> targets = new ArrayList<>();
    targets.add(new java.net.InetSocketAddress(endpoint.getHost(), endpoint.getPort()));
    if (broker != null) {
      targets.add(new java.net.InetSocketAddress(broker.getHost(), broker.getPort()));
    }
    return targets;
  }

  /** The shaped link the measurements reach the IE through, or null: none. */
  public ShapedLink link() {
    return link;
  }

  /** The SOAP endpoint, as the IE logged it (through the link when there is one). */
  public String serviceUrl() {
    return link == null ? endpoint.toString() : link.clientUrl(endpoint.toString());
  }

  /**
   * The URL of the IE's context ({@code http://host:port/ie}), under which {@code /health/ready}
   * and {@code /metrics} are served.
   */
  public String baseUrl() {
    String url = serviceUrl();
    int services = url.lastIndexOf(StartupLog.SERVICES_PATH);
    return services < 0 ? url : url.substring(0, services);
  }

  /** The HTTP port the IE picked. */
  public int httpPort() {
    return URI.create(serviceUrl()).getPort();
  }

  /**
   * The embedded broker's plain OpenWire URL, as the IE logged it ({@code tcp://host:port}), or
   * null when it opened no plain connector.
   */
  public String brokerUrl() {
    return broker == null
        ? null
        : link == null ? broker.toString() : link.clientUrl(broker.toString());
  }

  /**
   * The embedded broker's OpenWire over TLS URL ({@code ssl://host:port}) when the IE was given a
   * keystore, else null.
   */
  public String brokerTlsUrl() {
    return brokerTls == null ? null : brokerTls.toString();
  }

  /** The OpenWire port the IE picked. */
  public int brokerPort() {
    return URI.create(brokerUrl()).getPort();
  }

  /** The IE's process id. */
  public long pid() {
    return process.pid();
  }

  /** The CPU time of the IE's process: the service and its embedded broker together. */
  public ProcessCpu cpu() {
    return cpu;
  }

  /** The file that holds the IE's output. */
  public Path log() {
    return log;
  }

  /**
   * Kills the IE with SIGKILL, as a power cut or the OOM killer would: no shutdown hook runs, and
   * what it had not written is lost. Returns once the process is gone; the log stays.
   *
   * @throws IllegalStateException if the process outlives SIGKILL by 30 s
   */
  public void kill() throws InterruptedException {
    process.destroyForcibly();
    if (!process.waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS)) {
      throw new IllegalStateException("the Instrument Element survived SIGKILL");
    }
  }

  /** Whether the IE's process is still running. */
  public boolean alive() {
    return process.isAlive();
  }

  /**
   * Stops the IE as Ctrl-C would (its shutdown hook closes Tomcat and the broker), forcibly if it
   * takes longer than 30 s, and removes a temporary log.
   */
  @Override
  public void close() throws IOException {
    if (link != null) {
      link.close();
    }
    stop(process);
    if (ownLog) {
      Files.deleteIfExists(log);
    }
  }

  private static void stop(Process p) {
    p.destroy();
    try {
      if (!p.waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor(STOP_GRACE.toSeconds(), TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
