package org.instrumentelement.ie.benchmark;

import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.instrumentelement.ie.benchmark.SoapRequests.Encoding;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;

/**
 * The benchmark command. Starts the Instrument Element (the built runnable jar) as its own process
 * with the mock lab, then measures, after a warm-up and as the median of several repetitions:
 * polling rates and the IE's CPU time per response for each encoding, vector length and client
 * count; bytes per vector on the wire; subscription delivery rate against a bare ActiveMQ publisher
 * on the same broker; sample-to-subscriber latency and CPU per delivered vector at 100 samples/s;
 * optionally the heap over a long mixed run. Prints progress and a summary, and writes every figure
 * to a JSON file.
 *
 * <p>Load generator and IE share the machine: every rate comes with the IE's own CPU time.
 */
public final class Benchmark {
  private static final String USER = "observer";

  /** Pause between connecting subscribers and measuring, in the measured pass after a warm-up. */
  private static final long SETTLE_MILLIS = 3000;

  private final Map<String, String> opts;
  private final Path jar;
  private final String serverJava;
  private final Duration warmup;
  private final Duration measure;
  private final int reps;
  private final List<Integer> clientCounts;
  private final List<Integer> lengths;
  private final Duration soak;
  private final List<Encoding> encodings = new ArrayList<>();
  private final Json json = new Json();

  private Benchmark(Map<String, String> opts) {
    this.opts = opts;
    boolean quick = opts.containsKey("quick");
    jar =
        Path.of(
            opts.getOrDefault(
                "ie-jar", "instrument-element/ie-server/target/instrument-element.jar"));
    serverJava = opts.getOrDefault("server-java-options", "-Xms512m -Xmx1g");
    warmup = seconds(opts.getOrDefault("warmup", quick ? "2" : "30"));
    measure = seconds(opts.getOrDefault("measure", quick ? "2" : "5"));
    reps = Integer.parseInt(opts.getOrDefault("reps", quick ? "1" : "3"));
    clientCounts = ints(opts.getOrDefault("clients", quick ? "5" : "5,10,20,40"));
    lengths = ints(opts.getOrDefault("lengths", quick ? "2500" : "1250,2500"));
    for (String e : opts.getOrDefault("encodings", "BINARY,MTOM,XML").split(",")) {
      encodings.add(Encoding.valueOf(e.trim().toUpperCase(Locale.ROOT)));
    }
    soak = Duration.ofMinutes(Long.parseLong(opts.getOrDefault("soak-minutes", "0")));
  }

  /** CXF logs through java.util.logging; only its warnings belong in the benchmark's output. */
  private static final java.util.logging.Logger CXF_LOG =
      java.util.logging.Logger.getLogger("org.apache.cxf");

  public static void main(String[] args) throws Exception {
    if (CommandLine.asksForHelp(args)) {
      System.out.print(CommandLine.usage());
      return;
    }
    Map<String, String> opts;
    try {
      opts = CommandLine.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.exit(2);
      return;
    }
    CXF_LOG.setLevel(java.util.logging.Level.WARNING);
    Benchmark b = new Benchmark(opts);
    Path out = Path.of(opts.getOrDefault("output", CommandLine.DEFAULT_OUTPUT));
    String report = b.run();
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, report);
    log("figures written to " + out);
  }

  private static void log(String s) {
    System.out.println(Instant.now().toString().substring(11, 19) + " " + s);
    System.out.flush();
  }

  private String run() throws Exception {
    json.begin();
    json.field("started", Instant.now().toString());
    machine();
    json.field(
        "settings",
        "warmup "
            + warmup.toSeconds()
            + " s, measure "
            + measure.toSeconds()
            + " s x "
            + reps
            + " (median), clients "
            + clientCounts
            + ", lengths "
            + lengths);
    Map<String, Double> fig = new LinkedHashMap<>();
    if (part("polling") || part("floor")) {
      polling(fig);
    }
    if (part("subscription") || part("latency")) {
      subscription(fig);
    }
    if (!soak.isZero()) {
      soak(fig);
    }
    targets(fig);
    return json.end();
  }

  /** Whether {@code --only} (a comma-separated list; absent: everything) names this part. */
  private boolean part(String name) {
    String only = opts.get("only");
    return only == null || List.of(only.split(",")).contains(name);
  }

  private void machine() throws IOException {
    json.object("machine");
    json.field("cores", Runtime.getRuntime().availableProcessors());
    json.field(
        "java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
    json.field("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
    String cpu = "?";
    for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
      if (line.startsWith("model name")) {
        cpu = line.substring(line.indexOf(':') + 1).trim();
        break;
      }
    }
    json.field("cpu", cpu);
    json.field("loadAverage", Files.readString(Path.of("/proc/loadavg")).trim());
    json.close();
  }

  // ---- polling ---------------------------------------------------------------------------------

  private void polling(Map<String, Double> fig) throws Exception {
    log("polling: starting the IE");
    try (IeProcess ie =
        IeProcess.start(
            jar,
            serverJava,
            List.of(
                "--im.array2500.attribute.vector.period=off",
                "--im.array1250.attribute.vector.period=off",
                "--im.scope.attribute.waveform.period=off",
                "--im.scope.attribute.peakToPeak.period=off"))) {
      json.array("polling");
      boolean first = true;
      for (Encoding enc : part("polling") ? encodings : List.<Encoding>of()) {
        // The JIT compiles the server's path for about a minute on 2 shared cores: the IE's first
        // warm-up is twice as long, so that the first points do not pay for it.
        Duration w = first ? warmup.multipliedBy(2) : warmup;
        first = false;
        log("polling " + enc + ": warm-up " + w.toSeconds() + " s with 40 clients");
        try (HttpLoad load = load(ie, ie.httpPort, enc, 2500, 40)) {
          Thread.sleep(w.toMillis());
        }
        for (int length : lengths) {
          for (int clients : clientCounts) {
            try (HttpLoad load = load(ie, ie.httpPort, enc, length, clients)) {
              Thread.sleep(1000);
              double[][] m = measure(ie, load.responses::get);
              double rate = median(m[0]);
              double cpu = median(m[1]);
              log(
                  String.format(
                      Locale.ROOT,
                      "polling %-6s %4d doubles %2d clients: %8.0f vectors/s, IE CPU %6.1f us/response, errors %d%s",
                      enc,
                      length,
                      clients,
                      rate,
                      cpu,
                      load.errors.get(),
                      load.lastError() == null ? "" : " (" + load.lastError() + ")"));
              json.item();
              json.field("encoding", enc.name());
              json.field("length", length);
              json.field("clients", clients);
              json.field("vectorsPerSecond", rate);
              json.field("ieCpuMicrosPerResponse", cpu);
              json.field("meanResponseMillis", clients * 1000.0 / rate);
              json.field("errors", load.errors.get());
              json.close();
              if (length == 2500 && clients == 40) {
                fig.put("polling." + enc + ".rate", rate);
                fig.put("polling." + enc + ".cpu", cpu);
              }
            }
          }
        }
      }
      json.closeArray();
      floor(ie, fig);
      json.object("wireBytesPerVector");
      for (Encoding enc : part("polling") ? encodings : List.<Encoding>of()) {
        for (int length : lengths) {
          double bytes = wireBytes(ie, enc, length);
          json.field(enc.name() + "." + length, bytes);
          log(
              String.format(
                  Locale.ROOT,
                  "wire: %s %d doubles: %.0f bytes per response (%.3f x the raw %d)",
                  enc,
                  length,
                  bytes,
                  bytes / (8.0 * length),
                  8 * length));
          if (length == 2500) {
            fig.put("wire." + enc, bytes / 20000.0);
          }
        }
      }
      json.close();
    }
  }

  /**
   * The fixed cost of a poll: getAttribute of a short text (the array device's identity, one mock
   * query) by 40 clients through the same HTTP, SOAP and access-control path as a vector. What a
   * vector answer costs beyond this is the vector's own work.
   */
  private void floor(IeProcess ie, Map<String, Double> fig) throws Exception {
    byte[] req =
        SoapRequests.request(
            "localhost",
            ie.httpPort,
            "/ie/services/InstrumentElement",
            USER,
            USER,
            "lab/array2500",
            "identity",
            Encoding.XML);
    try (HttpLoad load = new HttpLoad(40, "localhost", ie.httpPort, req, "MockArray", 100)) {
      // After the vectors the code is warm; alone (--only=floor) it needs the whole warm-up.
      Thread.sleep(part("polling") ? Math.min(warmup.toMillis(), 10_000) : warmup.toMillis());
      double[][] m = measure(ie, load.responses::get);
      double rate = median(m[0]);
      double cpu = median(m[1]);
      log(
          String.format(
              Locale.ROOT,
              "polling floor: a short text, 40 clients: %8.0f answers/s, IE CPU %6.1f us/response,"
                  + " errors %d",
              rate,
              cpu,
              load.errors.get()));
      json.object("pollingFloor");
      json.field("what", "getAttribute lab/array2500 identity (a short text), 40 clients");
      json.field("answersPerSecond", rate);
      json.field("ieCpuMicrosPerResponse", cpu);
      json.field("errors", load.errors.get());
      json.close();
      fig.put("polling.floor.cpu", cpu);
    }
  }

  private HttpLoad load(IeProcess ie, int port, Encoding enc, int length, int clients) {
    byte[] req =
        SoapRequests.request(
            "localhost",
            port,
            "/ie/services/InstrumentElement",
            USER,
            USER,
            "lab/array" + length,
            "vector",
            enc);
    return new HttpLoad(
        clients,
        "localhost",
        port,
        req,
        "length=\"" + length + "\"",
        enc == Encoding.XML ? length * 10 : length * 8);
  }

  /** Response bytes on the wire (headers and framing included), through a counting relay. */
  private double wireBytes(IeProcess ie, Encoding enc, int length) throws Exception {
    try (CountingProxy proxy = new CountingProxy(ie.httpPort);
        HttpLoad load = load(ie, proxy.port(), enc, length, 1)) {
      Thread.sleep(500);
      long b0 = proxy.toClient.get();
      long n0 = load.responses.get();
      Thread.sleep(2000);
      return (proxy.toClient.get() - b0) / (double) Math.max(1, load.responses.get() - n0);
    }
  }

  /** Repetitions of (events per second, IE CPU microseconds per event). */
  private double[][] measure(IeProcess ie, LongSupplier events) throws InterruptedException {
    double[] rate = new double[reps];
    double[] cpu = new double[reps];
    for (int r = 0; r < reps; r++) {
      long c0 = ie.cpuNanos();
      long n0 = events.getAsLong();
      long t0 = System.nanoTime();
      Thread.sleep(measure.toMillis());
      long n = events.getAsLong() - n0;
      double secs = (System.nanoTime() - t0) / 1e9;
      rate[r] = n / secs;
      cpu[r] = n == 0 ? Double.NaN : (ie.cpuNanos() - c0) / 1000.0 / n;
    }
    return new double[][] {rate, cpu};
  }

  // ---- subscription ----------------------------------------------------------------------------

  private void subscription(Map<String, Double> fig) throws Exception {
    log(
        "subscription: starting the IE (access control off, so that a bare publisher may share its broker)");
    try (IeProcess ie =
        IeProcess.start(
            jar,
            serverJava,
            List.of(
                "--security.enabled=false",
                "--im.array2500.attribute.vector.period=off",
                "--im.array1250.attribute.vector.period=off",
                "--im.scope.attribute.waveform.period=off",
                "--im.scope.attribute.peakToPeak.period=off"))) {
      InstrumentElementPort soap = InstrumentElementClient.connect(ie.serviceUrl());
      String topic = "ie.ie.lab.array2500.vector";
      json.object("subscription");

      if (part("subscription")) {
        // Both runs share the broker's code: warm both up first, so that neither is measured
        // with a colder JIT than the other.
        log("subscription: warm-up, IE then bare publisher, " + warmup.toSeconds() + " s each");
        ieFullRate(ie, soap, topic, false);
        bareFullRate(ie, false);
        double ieRate = ieFullRate(ie, soap, topic, true);
        double bareRate = bareFullRate(ie, true);
        json.field("ieToBareRatio", ieRate / bareRate);
        fig.put("subscription.ratio", ieRate / bareRate);
        log(
            String.format(
                Locale.ROOT,
                "subscription: IE %.0f, bare %.0f deliveries/s; IE/bare %.2f",
                ieRate,
                bareRate,
                ieRate / bareRate));
      }

      log("subscription: 100 samples/s to 40 subscribers (latency, CPU per delivered vector)");
      try (Subscribers subs =
          new Subscribers(40, ie.brokerUrl(), null, null, topic, "ieAcquired")) {
        period(soap, 10);
        Paced r = paced(ie, subs);
        json.field("rate100DeliveriesPerSecond", r.rate());
        json.field("latencyP50Millis", r.p50());
        json.field("latencyP99Millis", r.p99());
        json.field("latencySamples", subs.recorded());
        json.field("ieCpuMicrosPerDelivery", r.cpu());
        fig.put("latency.p50", r.p50());
        fig.put("latency.p99", r.p99());
        fig.put("subscription.cpu", r.cpu());
        log(
            String.format(
                Locale.ROOT,
                "subscription: 100/s x 40: %.0f deliveries/s, p50 %.2f ms, p99 %.2f ms, IE+broker CPU %.1f us per delivered vector",
                r.rate(),
                r.p50(),
                r.p99(),
                r.cpu()));
      }

      log("subscription: bare ActiveMQ publisher at 100 messages/s to 40 subscribers (the same)");
      try (Subscribers subs =
              new Subscribers(40, ie.brokerUrl(), null, null, "bench.bare100", "benchSent");
          BarePublisher pub = new BarePublisher(ie.brokerUrl(), "bench.bare100", 20000, 100)) {
        Paced r = paced(ie, subs);
        json.field("bareRate100DeliveriesPerSecond", r.rate());
        json.field("bareLatencyP50Millis", r.p50());
        json.field("bareLatencyP99Millis", r.p99());
        json.field("bareCpuMicrosPerDelivery", r.cpu());
        log(
            String.format(
                Locale.ROOT,
                "subscription: bare 100/s x 40: %.0f deliveries/s, p50 %.2f ms, p99 %.2f ms, broker CPU %.1f us per delivered message",
                r.rate(),
                r.p50(),
                r.p99(),
                r.cpu()));
      }

      try (CountingProxy proxy = new CountingProxy(ie.brokerPort);
          Subscribers one =
              new Subscribers(
                  1, "tcp://localhost:" + proxy.port(), null, null, topic, "ieAcquired")) {
        Thread.sleep(1000);
        long b0 = proxy.toClient.get();
        long n0 = one.received.get();
        Thread.sleep(3000);
        double bytes = (proxy.toClient.get() - b0) / (double) Math.max(1, one.received.get() - n0);
        json.field("jmsWireBytesPerVector", bytes);
        fig.put("wire.JMS", bytes / 20000.0);
        log(
            String.format(
                Locale.ROOT,
                "wire: JMS 2500 doubles: %.0f bytes per message (%.3f x raw)",
                bytes,
                bytes / 20000.0));
      }
      period(soap, 0);
      json.close();
    }
  }

  /** The IE sampling every millisecond to 40 subscribers: deliveries per second (if measured). */
  private double ieFullRate(
      IeProcess ie, InstrumentElementPort soap, String topic, boolean measured) throws Exception {
    try (Subscribers subs = new Subscribers(40, ie.brokerUrl(), null, null, topic, "ieAcquired")) {
      period(soap, 1);
      if (!measured) {
        Thread.sleep(warmup.toMillis());
        period(soap, 0);
        return Double.NaN;
      }
      Thread.sleep(SETTLE_MILLIS);
      SubscriptionInfo before = info(soap);
      double[][] m = measure(ie, subs.received::get);
      SubscriptionInfo after = info(soap);
      period(soap, 0);
      double rate = median(m[0]);
      json.field("ieDeliveriesPerSecond", rate);
      json.field("ieCpuMicrosPerDeliveryAtFullRate", median(m[1]));
      json.field("iePublishedSamples", after.getPublished() - before.getPublished());
      json.field("ieSupersededSamples", after.getSuperseded() - before.getSuperseded());
      log(
          String.format(
              Locale.ROOT,
              "subscription: IE sampling every 1 ms to 40 subscribers: %.0f deliveries/s (IE CPU %.1f us per delivery; %d samples taken, %d superseded before sending)",
              rate,
              median(m[1]),
              after.getPublished() - before.getPublished(),
              after.getSuperseded() - before.getSuperseded()));
      return rate;
    }
  }

  /** Deliveries/s, latency percentiles (ms) and IE CPU per delivery (us) of a paced run. */
  private record Paced(double rate, double p50, double p99, double cpu) {}

  /**
   * Measures subscribers while something already publishes to them at a steady rate: after the
   * warm-up, latencies are recorded only during the measured repetitions.
   */
  private Paced paced(IeProcess ie, Subscribers subs) throws InterruptedException {
    Thread.sleep(warmup.toMillis());
    subs.record(true);
    double[][] m = measure(ie, subs.received::get);
    subs.record(false);
    return new Paced(median(m[0]), subs.latencyMillis(0.5), subs.latencyMillis(0.99), median(m[1]));
  }

  /** A bare ActiveMQ publisher as fast as it can to 40 subscribers on the IE's broker. */
  private double bareFullRate(IeProcess ie, boolean measured) throws Exception {
    try (Subscribers subs =
            new Subscribers(40, ie.brokerUrl(), null, null, "bench.bare", "benchSent");
        BarePublisher pub = new BarePublisher(ie.brokerUrl(), "bench.bare", 20000, 0)) {
      if (!measured) {
        Thread.sleep(warmup.toMillis());
        return Double.NaN;
      }
      Thread.sleep(SETTLE_MILLIS);
      double[][] m = measure(ie, subs.received::get);
      double rate = median(m[0]);
      json.field("bareDeliveriesPerSecond", rate);
      json.field("bareCpuMicrosPerDeliveryAtFullRate", median(m[1]));
      log(
          String.format(
              Locale.ROOT,
              "subscription: bare publisher as fast as it can to 40 subscribers: %.0f deliveries/s (broker CPU %.1f us per delivery)",
              rate,
              median(m[1])));
      return rate;
    }
  }

  private static SubscriptionInfo info(InstrumentElementPort soap) throws Exception {
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm("lab/array2500");
    q.setAttribute("vector");
    return soap.getSubscriptionInfo(q).getSubscription();
  }

  private static void period(InstrumentElementPort soap, long millis) throws Exception {
    ConfigureSampling c = new ConfigureSampling();
    c.setIm("lab/array2500");
    c.setAttribute("vector");
    c.setSamplingPeriodMillis(millis);
    soap.configureSampling(c);
  }

  /** Publishes fixed-size BytesMessages as fast as the broker takes them. */
  private static final class BarePublisher implements AutoCloseable {
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final Thread thread;
    private final Connection connection;

    /**
     * @param rate messages per second, or 0 for as fast as the broker takes them
     */
    BarePublisher(String url, String topic, int size, int rate) throws Exception {
      ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory(url);
      cf.setUseAsyncSend(true);
      cf.setCopyMessageOnSend(false);
      cf.setWatchTopicAdvisories(false);
      connection = cf.createConnection();
      connection.start();
      Session s = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
      MessageProducer p = s.createProducer(s.createTopic(topic));
      p.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
      p.setDisableMessageID(true);
      byte[] body = new byte[size];
      thread =
          new Thread(
              () -> {
                try {
                  long period = rate > 0 ? 1_000_000_000L / rate : 0;
                  long next = System.nanoTime();
                  while (running.get()) {
                    if (period > 0) {
                      next += period;
                      LockSupport.parkNanos(next - System.nanoTime());
                    }
                    BytesMessage m = s.createBytesMessage();
                    m.writeBytes(body);
                    Instant now = Instant.now();
                    m.setLongProperty(
                        "benchSent", now.getEpochSecond() * 1_000_000L + now.getNano() / 1000);
                    p.send(m);
                  }
                } catch (Exception e) {
                  if (running.get()) {
                    log("bare publisher stopped: " + e);
                  }
                }
              },
              "bare-publisher");
      thread.start();
    }

    @Override
    public void close() throws Exception {
      running.set(false);
      thread.join(10_000);
      connection.close();
    }
  }

  // ---- soak ------------------------------------------------------------------------------------

  private void soak(Map<String, Double> fig) throws Exception {
    log("soak: " + soak.toMinutes() + " min of 40 pollers (binary) and 40 subscribers at 100/s");
    try (IeProcess ie =
            IeProcess.start(
                jar,
                serverJava,
                List.of(
                    "--security.enabled=false", "--im.array2500.attribute.vector.period=10ms"));
        Subscribers subs =
            new Subscribers(
                40, ie.brokerUrl(), null, null, "ie.ie.lab.array2500.vector", "ieAcquired");
        HttpLoad load = load(ie, ie.httpPort, Encoding.BINARY, 2500, 40)) {
      json.array("soakHeap");
      List<double[]> points = new ArrayList<>();
      long start = System.nanoTime();
      while (System.nanoTime() - start < soak.toNanos()) {
        Thread.sleep(30_000);
        double minutes = (System.nanoTime() - start) / 60e9;
        double mb = heapAfterGc(ie) / 1e6;
        points.add(new double[] {minutes, mb});
        json.item();
        json.field("minutes", minutes);
        json.field("heapAfterGcMegabytes", mb);
        json.close();
        log(
            String.format(
                Locale.ROOT,
                "soak: %.1f min: heap after GC %.1f MB, %d responses, %d deliveries, %d errors",
                minutes,
                mb,
                load.responses.get(),
                subs.received.get(),
                load.errors.get()));
      }
      json.closeArray();
      double slope = slope(points);
      // The heap after GC jumps by tens of MB from one reading to the next with the vectors in
      // flight (the broker holds up to a prefetch window of them per subscriber), so the trend is
      // the least-squares slope, shown with the medians of both halves of the run.
      int half = points.size() / 2;
      double firstHalf = median(points.subList(0, half).stream().mapToDouble(q -> q[1]).toArray());
      double secondHalf =
          median(points.subList(half, points.size()).stream().mapToDouble(q -> q[1]).toArray());
      log(
          String.format(
              Locale.ROOT,
              "soak: heap after GC trend %.2f MB/min; median %.1f MB in the first half, %.1f MB in"
                  + " the second",
              slope,
              firstHalf,
              secondHalf));
      json.object("soak");
      json.field("heapSlopeMegabytesPerMinute", slope);
      json.field("heapMedianFirstHalfMegabytes", firstHalf);
      json.field("heapMedianSecondHalfMegabytes", secondHalf);
      json.field("responses", load.responses.get());
      json.field("deliveries", subs.received.get());
      json.field("errors", load.errors.get());
      json.close();
      fig.put("soak.slope", slope);
    }
  }

  /** Heap in use right after a full GC of the IE (forced with jcmd), from its metrics. */
  private static double heapAfterGc(IeProcess ie) throws Exception {
    Process p =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(ie.pid()),
                "GC.run")
            .redirectErrorStream(true)
            .start();
    p.getInputStream().readAllBytes();
    p.waitFor();
    String metrics =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(ie.base() + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString())
            .body();
    double sum = 0;
    for (String line : metrics.split("\n")) {
      if (line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\"")) {
        sum += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
      }
    }
    return sum;
  }

  private static double slope(List<double[]> pts) {
    if (pts.size() < 2) {
      return Double.NaN;
    }
    double n = pts.size(), sx = 0, sy = 0, sxy = 0, sxx = 0;
    for (double[] p : pts) {
      sx += p[0];
      sy += p[1];
      sxy += p[0] * p[1];
      sxx += p[0] * p[0];
    }
    return (n * sxy - sx * sy) / (n * sxx - sx * sx);
  }

  // ---- targets ---------------------------------------------------------------------------------

  private void targets(Map<String, Double> fig) {
    json.array("targets");
    // The compact binary form: inline base64 (BINARY) or an MTOM attachment, whichever is better.
    double binRate = best(fig, "polling.BINARY.rate", "polling.MTOM.rate", true);
    double binCpu = best(fig, "polling.BINARY.cpu", "polling.MTOM.cpu", false);
    target(
        "polling, compact binary form, 40 clients: vectors/s", ">= 6500", binRate, binRate >= 6500);
    target(
        "polling, compact binary form: IE CPU per response (us)", "<= 120", binCpu, binCpu <= 120);
    double xmlCpu = fig.getOrDefault("polling.XML.cpu", Double.NaN);
    target("polling, XML form: IE CPU per response (us)", "<= 500", xmlCpu, xmlCpu <= 500);
    double ratio = fig.getOrDefault("subscription.ratio", Double.NaN);
    target("subscription deliveries/s relative to bare ActiveMQ", ">= 0.85", ratio, ratio >= 0.85);
    double p50 = fig.getOrDefault("latency.p50", Double.NaN);
    double p99 = fig.getOrDefault("latency.p99", Double.NaN);
    target("latency p50 at 100 samples/s to 40 subscribers (ms)", "<= 2", p50, p50 <= 2);
    target("latency p99 at 100 samples/s to 40 subscribers (ms)", "<= 10", p99, p99 <= 10);
    double subCpu = fig.getOrDefault("subscription.cpu", Double.NaN);
    target(
        "IE + broker CPU per delivered vector at 100/s x 40 (us)", "<= 60", subCpu, subCpu <= 60);
    double jms = fig.getOrDefault("wire.JMS", Double.NaN);
    double mtom = fig.getOrDefault("wire.MTOM", Double.NaN);
    double xml = fig.getOrDefault("wire.XML", Double.NaN);
    target("bytes per vector on the wire, JMS / raw", "<= 1.03", jms, jms <= 1.03);
    target("bytes per vector on the wire, binary SOAP (MTOM) / raw", "<= 1.06", mtom, mtom <= 1.06);
    target("bytes per vector on the wire, XML SOAP / raw", "<= 2.4", xml, xml <= 2.4);
    double rel = subCpu / xmlCpu;
    target("IE CPU per delivered vector, subscription / XML polling", "<= 0.1", rel, rel <= 0.1);
    if (fig.containsKey("soak.slope")) {
      // A leak shows as growth; a negative slope is the warm-up's readings settling.
      double s = fig.get("soak.slope");
      target("heap after GC over the soak: growth (MB/min)", "<= 0.5", s, s <= 0.5);
    }
    json.closeArray();
  }

  private void target(String figure, String target, double value, boolean met) {
    boolean measured = !Double.isNaN(value);
    log(
        String.format(
            Locale.ROOT,
            "%-62s %-12s %10.3f  %s",
            figure,
            target,
            value,
            !measured ? "not measured" : met ? "met" : "NOT met"));
    json.item();
    json.field("figure", figure);
    json.field("target", target);
    json.field("value", value);
    json.field("measured", measured);
    json.field("met", measured && met);
    json.close();
  }

  /** The better of two figures, either of which may be missing (NaN if both are). */
  private static double best(Map<String, Double> fig, String a, String b, boolean higher) {
    double x = fig.getOrDefault(a, Double.NaN);
    double y = fig.getOrDefault(b, Double.NaN);
    if (Double.isNaN(x)) {
      return y;
    }
    if (Double.isNaN(y)) {
      return x;
    }
    return higher ? Math.max(x, y) : Math.min(x, y);
  }

  // ---- helpers ---------------------------------------------------------------------------------

  private static double median(double[] v) {
    double[] c = v.clone();
    Arrays.sort(c);
    return c[c.length / 2];
  }

  private static Duration seconds(String s) {
    return Duration.ofMillis(Math.round(Double.parseDouble(s) * 1000));
  }

  private static List<Integer> ints(String s) {
    List<Integer> out = new ArrayList<>();
    for (String p : s.split(",")) {
      out.add(Integer.parseInt(p.trim()));
    }
    return out;
  }
}
