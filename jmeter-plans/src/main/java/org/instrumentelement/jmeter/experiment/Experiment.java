package org.instrumentelement.jmeter.experiment;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.instrumentelement.jmeter.soap.IeSoapClient;
import org.instrumentelement.jmeter.soap.SubscriptionInfo;

/**
 * The DORII experiment: for each vector length, polling with every client count (in each polling
 * encoding), then the same client counts subscribed to the attribute's topic while the IM samples
 * at 1/Tr, Tr being the mean XML polling response time measured for that client count. Then the
 * report. With {@code --soak=true} it runs the soak plan instead.
 *
 * <p>Run it with {@code jmeter-plans/run-experiment.sh}; {@code --help} lists the options.
 */
public final class Experiment {
  private final Settings settings;
  private final PrintStream console;
  private final JMeterLauncher jmeter;
  private final Path work;
  private IeSoapClient ie;
  private ProcessCpu ieCpu;
  private String ieDescription;
  private String brokerUrl;

  Experiment(Settings settings, PrintStream console) throws IOException {
    this.settings = settings;
    this.console = console;
    this.jmeter =
        new JMeterLauncher(settings.path("jmeter.home"), settings.words("jmeter.java.opts"));
    this.work = settings.path("work");
  }

  public static void main(String[] args) throws Exception {
    // run-experiment.sh puts --command=... first, so --help may come anywhere.
    if (Settings.asksForHelp(args)) {
      System.out.print(Settings.usage());
      return;
    }
    Settings settings;
    try {
      settings = new Settings(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    Experiment x = new Experiment(settings, System.out);
    int failures = settings.flag("soak") ? x.soak() : x.experiment();
    System.exit(failures == 0 ? 0 : 1);
  }

  /** Runs the whole experiment and writes the report; returns the number of failed samples. */
  int experiment() throws IOException, InterruptedException {
    Machine machine = Machine.describe();
    Instant started = Instant.now();
    List<Integer> lengths = settings.integers("lengths");
    List<Integer> clients = settings.integers("clients");
    List<String> encodings = settings.words("encodings");
    if (encodings.isEmpty() || !encodings.get(0).equals("XML")) {
      throw new IllegalArgumentException(
          "--encodings must start with XML (Tr is measured with it)");
    }
    boolean mtom = settings.flag("mtom");
    int total =
        lengths.size() * (encodings.size() + 1) * clients.size() + (mtom ? lengths.size() : 0);
    int warmup = settings.integer("warmup");
    int duration = settings.integer("duration");
    console.printf(
        Locale.ROOT,
        "DORII experiment: %d points of %d s warm-up + %d s measurement (about %d min)%n",
        total,
        warmup,
        duration,
        Math.round(total * (warmup + duration + 8) / 60.0));
    console.println("Machine: " + machine.summary());
    List<Point> points = new ArrayList<>();
    int failures = 0;
    try (IeProcess own = startIe()) {
      String attribute = settings.get("attribute");
      Map<Integer, Long> originalPeriods = new HashMap<>();
      for (int length : lengths) {
        String im = settings.im(length);
        originalPeriods.put(length, ie.subscriptionInfo(im, attribute).samplingPeriodMillis());
        ie.configureSampling(im, attribute, 0);
      }
      int n = 0;
      try {
        for (int length : lengths) {
          String im = settings.im(length);
          Map<Integer, Double> tr = new HashMap<>();
          for (String encoding : encodings) {
            for (int c : clients) {
              Point p = poll(++n, total, im, length, encoding, c, warmup, duration);
              points.add(p);
              failures += p.hardErrors();
              if (encoding.equals("XML")) {
                tr.put(c, p.samples().meanElapsed);
              }
            }
          }
          if (mtom) {
            int c = clients.get(0);
            Point p = poll(++n, total, im, length, "MTOM", c, warmup, Math.max(2, duration / 3));
            points.add(p);
            failures += p.hardErrors();
          }
          for (int c : clients) {
            Point p = subscribe(++n, total, im, length, c, tr.get(c), warmup, duration);
            points.add(p);
            failures += p.hardErrors();
          }
        }
      } finally {
        if (own == null) {
          for (int length : lengths) {
            ie.configureSampling(settings.im(length), attribute, originalPeriods.get(length));
          }
        }
      }
    }
    Path out = settings.path("out");
    Files.createDirectories(out);
    writeResultsCsv(points, out.resolve("results.csv"));
    String dashboard = dashboard(points, out);
    Machine after = Machine.describe();
    new Report(settings, machine, after, ieDescription, started, Instant.now(), points, dashboard)
        .write(out);
    console.println("Report: " + out.resolve("report.md"));
    console.printf(Locale.ROOT, "%d failed samples (sequence gaps not counted)%n", failures);
    return failures;
  }

  /** Starts the IE unless --ie.url names one; sets {@link #ie} and {@link #ieCpu}. */
  private IeProcess startIe() throws IOException {
    IeProcess own = null;
    String url = settings.get("ie.url").trim();
    if (settings.ownIe()) {
      Files.createDirectories(work);
      console.println("Starting the Instrument Element " + settings.path("ie.jar"));
      own =
          IeProcess.start(
              settings.path("ie.jar"),
              settings.words("ie.java.opts"),
              List.of(
                  // Only the attribute under test is sampled, and only in the subscription runs.
                  "--im.scope.attribute.waveform.period=off",
                  "--im.scope.attribute.peakToPeak.period=off",
                  "--im.array1250.attribute.vector.period=off",
                  "--im.array2500.attribute.vector.period=off"),
              work.resolve("instrument-element.log"));
      url = own.endpoint();
      brokerUrl = own.brokerUrl();
      ieCpu = new ProcessCpu(own.pid());
      ieDescription =
          "started by the runner as a separate process (pid "
              + own.pid()
              + ", built-in mock laboratory, embedded broker) at "
              + url;
    } else {
      brokerUrl = settings.get("broker.url").trim();
      String pid = settings.get("ie.pid").trim();
      ieCpu = pid.isEmpty() ? null : new ProcessCpu(Long.parseLong(pid));
      ieDescription =
          "given by --ie.url="
              + url
              + (ieCpu == null ? " (CPU time not readable: no --ie.pid)" : " (pid " + pid + ")");
    }
    ie = new IeSoapClient(url, settings.get("ie.user"), settings.get("ie.password"));
    console.println("Instrument Element: " + url);
    return own;
  }

  private Point poll(
      int n,
      int total,
      String im,
      int length,
      String encoding,
      int clients,
      int warmup,
      int duration)
      throws IOException, InterruptedException {
    console.printf(
        Locale.ROOT,
        "[%d/%d] polling %s, %d doubles, %d clients: %d s warm-up + %d s%n",
        n,
        total,
        encoding,
        length,
        clients,
        warmup,
        duration);
    Map<String, String> props = common(im, length, clients, warmup, duration);
    props.put("encoding", encoding);
    Point p = run("polling", props, encoding, length, clients, 0, Double.NaN, null);
    console.printf(
        Locale.ROOT,
        "      Tr %.2f ms, %.0f vectors/s, %.0f kB/s, %.0f B/vector, IE CPU %s ms/vector, %d errors%n",
        p.samples().meanElapsed,
        p.samples().rate(),
        p.trafficKbPerSecond(),
        p.bytesPerVector(),
        Report.num(p.ieCpuMillisPerVector(), 3),
        p.samples().errors);
    return p;
  }

  private Point subscribe(
      int n, int total, String im, int length, int clients, double tr, int warmup, int duration)
      throws IOException, InterruptedException {
    long period = Math.max(1, Math.round(tr));
    console.printf(
        Locale.ROOT,
        "[%d/%d] subscription, %d doubles, %d subscribers, IM sampling every %d ms (Tr %.2f ms):"
            + " %d s warm-up + %d s%n",
        n,
        total,
        length,
        clients,
        period,
        tr,
        warmup,
        duration);
    String attribute = settings.get("attribute");
    SubscriptionInfo before = ie.configureSampling(im, attribute, period);
    Map<String, String> props = common(im, length, clients, warmup, duration);
    props.put("receive.timeout", Long.toString(Math.max(5000, 20 * period)));
    Point p;
    try {
      p = run("subscription", props, "JMS", length, clients, period, tr, before);
    } finally {
      ie.configureSampling(im, attribute, 0);
    }
    console.printf(
        Locale.ROOT,
        "      %.1f messages/s per subscriber (target %.1f), %.0f kB/s, %.0f B/vector,"
            + " latency p50 %d ms, IE CPU %s ms/vector, %d missed, %d errors%n",
        p.ratePerClient(),
        1000.0 / period,
        p.trafficKbPerSecond(),
        p.bytesPerVector(),
        p.samples().percentile(50),
        Report.num(p.ieCpuMillisPerVector(), 3),
        p.samples().missed,
        p.samples().errors);
    return p;
  }

  private Map<String, String> common(String im, int length, int clients, int warmup, int duration) {
    Map<String, String> props = new LinkedHashMap<>();
    props.put("ie.url", ie.endpoint().toString());
    // One account for SOAP (HTTP Basic) and the broker, as the IE's access control expects.
    props.put("ie.user", settings.get("ie.user"));
    props.put("ie.password", settings.get("ie.password"));
    props.put(
        "ie.authorization",
        IeSoapClient.basic(settings.get("ie.user"), settings.get("ie.password")));
    if (!brokerUrl.isEmpty()) {
      props.put("broker.url", brokerUrl);
    }
    props.put("im", im);
    props.put("attribute", settings.get("attribute"));
    props.put("vector.length", Integer.toString(length));
    props.put("threads", Integer.toString(clients));
    props.put("warmup", Integer.toString(warmup));
    props.put("duration", Integer.toString(duration));
    return props;
  }

  /** Runs one plan while sampling the CPU time of the IE and of JMeter. */
  private Point run(
      String plan,
      Map<String, String> props,
      String encoding,
      int length,
      int clients,
      long period,
      double tr,
      SubscriptionInfo before)
      throws IOException, InterruptedException {
    String name = encoding + "-" + length + "x" + clients;
    Files.createDirectories(work);
    Path results = work.resolve(name + ".jtl");
    ProcessCpu.Timeline ieTimeline = new ProcessCpu.Timeline();
    ProcessCpu.Timeline jmeterTimeline = new ProcessCpu.Timeline();
    JMeterLauncher.Run r =
        jmeter.start(
            settings.path("plans").resolve(plan + ".jmx"),
            props,
            results,
            work.resolve(name + ".log"),
            line -> {
              if (line.startsWith("summary")) {
                console.println("      " + line);
              }
            });
    ProcessCpu jmeterCpu = new ProcessCpu(r.pid());
    ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
    sampler.scheduleAtFixedRate(
        () -> {
          long now = System.currentTimeMillis();
          if (ieCpu != null) {
            ieTimeline.add(now, ieCpu.seconds());
          }
          jmeterTimeline.add(now, jmeterCpu.seconds());
        },
        0,
        200,
        TimeUnit.MILLISECONDS);
    int code;
    try {
      code = r.await();
    } finally {
      sampler.shutdownNow();
    }
    if (code != 0) {
      throw new IOException("JMeter exited with " + code + "; see " + work.resolve(name + ".log"));
    }
    Samples s = Samples.read(results, work.resolve(name + ".measured.jtl"));
    long published = 0;
    long superseded = 0;
    if (before != null) {
      SubscriptionInfo after = ie.subscriptionInfo(props.get("im"), props.get("attribute"));
      published = after.published() - before.published();
      superseded = after.superseded() - before.superseded();
    }
    return new Point(
        encoding,
        length,
        clients,
        s,
        ieTimeline.between(s.windowStart, s.windowEnd),
        jmeterTimeline.between(s.windowStart, s.windowEnd),
        period,
        tr,
        published,
        superseded,
        Machine.loadAverage());
  }

  /** JMeter's HTML dashboard over the measured samples of the chosen points; its directory name. */
  private String dashboard(List<Point> points, Path out) throws IOException, InterruptedException {
    String choice = settings.get("dashboard").trim();
    if (choice.equals("none") || points.isEmpty()) {
      return null;
    }
    int length;
    int clients;
    if (choice.equals("max")) {
      length = points.stream().mapToInt(Point::length).max().orElseThrow();
      clients = points.stream().mapToInt(Point::clients).max().orElseThrow();
    } else {
      String[] lc = choice.split("x");
      length = Integer.parseInt(lc[0]);
      clients = Integer.parseInt(lc[1]);
    }
    List<Point> chosen =
        points.stream()
            .filter(p -> p.length() == length && p.clients() == clients)
            .sorted(Comparator.comparing(Point::encoding))
            .toList();
    if (chosen.isEmpty()) {
      return null;
    }
    Path merged = work.resolve("dashboard-" + length + "x" + clients + ".jtl");
    try (BufferedWriter w = Files.newBufferedWriter(merged, StandardCharsets.UTF_8)) {
      boolean header = true;
      for (Point p : chosen) {
        Path measured =
            work.resolve(p.encoding() + "-" + p.length() + "x" + p.clients() + ".measured.jtl");
        try (Stream<String> lines = Files.lines(measured, StandardCharsets.UTF_8)) {
          for (String line : (Iterable<String>) lines.skip(header ? 0 : 1)::iterator) {
            w.write(line);
            w.newLine();
          }
        }
        header = false;
      }
    }
    String dir = "dashboard-" + length + "x" + clients;
    Path target = out.resolve(dir);
    deleteTree(target);
    console.println("Writing JMeter's HTML dashboard for " + length + " doubles x " + clients);
    int code = jmeter.dashboard(merged, target, work.resolve("dashboard.log"), line -> {});
    if (code != 0) {
      console.println(
          "  JMeter could not write the dashboard; see " + work.resolve("dashboard.log"));
      return null;
    }
    return dir;
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  private static void writeResultsCsv(List<Point> points, Path file) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(
          "mode,length,clients,samples,errors,missed,window_s,mean_ms,sd_ms,p50_ms,p90_ms,p99_ms,"
              + "vectors_per_s,per_client_per_s,bytes_in,bytes_out,traffic_kB_per_s,bytes_per_vector,"
              + "ie_cpu_s,ie_cpu_ms_per_vector,jmeter_cpu_s,sampling_period_ms,tr_ms,published,"
              + "superseded,load_avg");
      w.newLine();
      for (Point p : points) {
        Samples s = p.samples();
        w.write(
            String.format(
                Locale.ROOT,
                "%s,%d,%d,%d,%d,%d,%.3f,%.3f,%.3f,%d,%d,%d,%.2f,%.3f,%d,%d,%.1f,%.1f,%.3f,%.4f,%.3f,%d,%.3f,%d,%d,%.2f",
                p.encoding(),
                p.length(),
                p.clients(),
                s.count,
                s.errors,
                s.missed,
                s.windowSeconds(),
                s.meanElapsed,
                s.sdElapsed,
                s.percentile(50),
                s.percentile(90),
                s.percentile(99),
                s.rate(),
                p.ratePerClient(),
                s.bytes,
                s.sentBytes,
                p.trafficKbPerSecond(),
                p.bytesPerVector(),
                p.ieCpuSeconds(),
                p.ieCpuMillisPerVector(),
                p.jmeterCpuSeconds(),
                p.samplingPeriodMillis(),
                p.targetTrMillis(),
                p.published(),
                p.superseded(),
                p.loadAverage()));
        w.newLine();
      }
    }
  }

  /** The soak plan: pollers and subscribers together; reports errors and sequence gaps. */
  int soak() throws IOException, InterruptedException {
    int length =
        settings.integers("lengths").stream().mapToInt(Integer::intValue).max().orElse(2500);
    String im = settings.im(length);
    String attribute = settings.get("attribute");
    int duration = settings.integer("duration");
    Machine machine = Machine.describe();
    console.println("Machine: " + machine.summary());
    try (IeProcess own = startIe()) {
      long period = settings.integer("soak.period");
      long original = ie.subscriptionInfo(im, attribute).samplingPeriodMillis();
      ie.configureSampling(im, attribute, period);
      Map<String, String> props = common(im, length, 0, 0, duration);
      props.put("soak.pollers", settings.get("soak.pollers"));
      props.put("soak.subscribers", settings.get("soak.subscribers"));
      props.put("poll.interval", settings.get("poll.interval"));
      props.put("receive.timeout", Long.toString(Math.max(5000, 20 * period)));
      console.printf(
          Locale.ROOT,
          "Soak: %s pollers per encoding every %s ms, %s subscribers, %s sampled every %d ms,"
              + " for %s%n",
          settings.get("soak.pollers"),
          settings.get("poll.interval"),
          settings.get("soak.subscribers"),
          im,
          period,
          Duration.ofSeconds(duration));
      Path results = work.resolve("soak.jtl");
      Files.createDirectories(work);
      int code =
          jmeter
              .start(
                  settings.path("plans").resolve("soak.jmx"),
                  props,
                  results,
                  work.resolve("soak.log"),
                  line -> {
                    if (line.startsWith("summary")) {
                      console.println("  " + line);
                    }
                  })
              .await();
      if (own == null) {
        ie.configureSampling(im, attribute, original);
      } else {
        ie.configureSampling(im, attribute, 0);
      }
      if (code != 0) {
        throw new IOException("JMeter exited with " + code);
      }
      SoakSummary summary = SoakSummary.read(results);
      Path out = settings.path("out");
      Files.createDirectories(out);
      Files.writeString(out.resolve("soak.md"), summary.markdown(settings, machine));
      console.print(summary.text());
      console.println("Soak report: " + out.resolve("soak.md"));
      return summary.failures();
    }
  }
}
