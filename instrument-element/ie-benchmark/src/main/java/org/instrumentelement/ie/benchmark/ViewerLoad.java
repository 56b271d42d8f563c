package org.instrumentelement.ie.benchmark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.measure.Machine;
import org.instrumentelement.ie.measure.MockLaboratory;
import org.instrumentelement.ie.measure.ProcessCpu;

/**
 * The live-trace load of a control room: 10, 100, 500 and 2,000 viewers ({@code --viewers}) of the
 * VCR portal all watching {@code lab/scope}'s waveform while the IE samples it every 50 ms, each
 * viewer a signed-in browser session of its own ({@link PortalViewers}). Per point, after a
 * warm-up: frames per second per viewer, the latency from the value's acquisition to its arrival
 * (p50, p99, the largest, and how many frames were older than 200 ms), the IE process's CPU time
 * per delivered frame (the IE, its broker and the portal together; and above what the IE spends
 * sampling with nobody watching), the load generator's own, bytes per frame, and the portal's
 * figures: frames built per snapshot sent out (encode-once) and frames superseded for viewers that
 * fell behind.
 */
record ViewerLoad(BenchmarkOptions options) implements Measurement {
  static final String CONTEXT = "/vcr";
  static final String IM = "lab/scope";
  static final String ATTRIBUTE = "waveform";

  /** A frame older than this is late (the 2,000-viewer target: never older than 200 ms). */
  static final long LATE_MICROS = 200_000;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Selector threads of the load generator: one per core of this 2-core machine. */
  private static final int READERS = 2;

  /**
   * The IE's options: the portal served at {@value #CONTEXT} (access control on: viewers sign in as
   * the development observer), enough connections for every viewer (all from one address, as behind
   * one proxy), and nothing sampled but the waveform.
   */
  static List<String> ieOptions(BenchmarkOptions options) {
    int most = options.viewerCounts().stream().mapToInt(Integer::intValue).max().orElse(0);
    List<String> o = new ArrayList<>(MockLaboratory.SAMPLING_OFF);
    o.add("--portal.contextPath=" + CONTEXT);
    o.add("--http.maxConnections=" + (most + 200));
    // Every viewer comes from this machine's one address, as browsers behind one proxy would.
    o.add("--http.maxConnectionsPerAddress=" + (most + 200));
    o.add("--http.maxRequestsPerAddress=" + (most + 200));
    o.add("--im.scope.attribute.waveform.period=" + options.viewerSamplingMillis() + "ms");
    o.addAll(options.viewerIeOptions()); // after the others: the IE keeps the last of a key
    return o;
  }

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    URI portal = URI.create(ie.baseUrl()).resolve(CONTEXT + "/");
    results.viewers = new ArrayList<>();
    ProcessCpu self = new ProcessCpu(ProcessHandle.current().pid());
    double idle = idleCpuPerSecond(ie);
    Progress.log(
        String.format(
            Locale.ROOT,
            "viewers: IE sampling the waveform every %d ms with nobody watching: %.1f ms CPU/s",
            options.viewerSamplingMillis(),
            idle * 1000));
    try (PortalViewers viewers =
        new PortalViewers(
            portal,
            "ie",
            IM,
            ATTRIBUTE,
            options.viewerWidth(),
            options.viewerFormat(),
            options.viewerWindow(),
            "observer",
            "observer",
            READERS)) {
      boolean first = true;
      for (int count : options.viewerCounts()) {
        long t0 = System.nanoTime();
        int failed = viewers.growTo(count);
        Progress.log(
            String.format(
                Locale.ROOT,
                "viewers: %d open (%d failed to open) in %.1f s; warming up",
                viewers.count(),
                failed,
                (System.nanoTime() - t0) / 1e9));
        Thread.sleep(options.warmup().toMillis() * (first ? 2 : 1));
        first = false;
        Results.ViewerPoint p = measure(ie, self, viewers, portal, idle);
        results.viewers.add(p);
        Progress.log(row(p));
      }
    }
    Progress.log("viewers: the table");
    Progress.log(header());
    results.viewers.forEach(p -> Progress.log(row(p)));
  }

  /** The IE's CPU seconds per second with the waveform sampled and nobody watching. */
  private double idleCpuPerSecond(IeProcess ie) throws InterruptedException {
    Thread.sleep(Math.min(options.warmup().toMillis(), 10_000));
    double c0 = ie.cpu().seconds();
    long t0 = System.nanoTime();
    Thread.sleep(options.measure().toMillis());
    return (ie.cpu().seconds() - c0) / ((System.nanoTime() - t0) / 1e9);
  }

  private Results.ViewerPoint measure(
      IeProcess ie, ProcessCpu self, PortalViewers viewers, URI portal, double idle)
      throws Exception {
    int reps = options.reps();
    double[] perViewer = new double[reps];
    double[] fewest = new double[reps];
    double[] p50 = new double[reps];
    double[] p99 = new double[reps];
    double[] cpu = new double[reps];
    double[] cpuAboveIdle = new double[reps];
    double[] generator = new double[reps];
    double[] bytes = new double[reps];
    double max = 0;
    long late = 0;
    long frames = 0;
    long errors0 = viewers.errors();
    String load = Machine.describe().loadAverages();
    JsonNode before = traces(portal, viewers);
    for (int r = 0; r < reps; r++) {
      LatencyHistogram h = viewers.record(LATE_MICROS);
      long f0 = viewers.frames();
      long b0 = viewers.bytes();
      long fewest0 = viewers.fewestFrames();
      double c0 = ie.cpu().seconds();
      double g0 = self.seconds();
      long t0 = System.nanoTime();
      Thread.sleep(options.measure().toMillis());
      double seconds = (System.nanoTime() - t0) / 1e9;
      long n = viewers.frames() - f0;
      double ieCpu = ie.cpu().seconds() - c0;
      perViewer[r] = n / seconds / viewers.count();
      fewest[r] = (viewers.fewestFrames() - fewest0) / seconds;
      p50[r] = h.percentileMillis(0.5);
      p99[r] = h.percentileMillis(0.99);
      cpu[r] = n == 0 ? Double.NaN : ieCpu * 1e6 / n;
      cpuAboveIdle[r] = n == 0 ? Double.NaN : (ieCpu - idle * seconds) * 1e6 / n;
      generator[r] = n == 0 ? Double.NaN : (self.seconds() - g0) * 1e6 / n;
      bytes[r] = n == 0 ? Double.NaN : (double) (viewers.bytes() - b0) / n;
      max = Math.max(max, h.maxMillis());
      late += h.over();
      frames += h.count();
    }
    JsonNode after = traces(portal, viewers);
    return new Results.ViewerPoint(
        viewers.count(),
        options.viewerFormat(),
        options.viewerWindow(),
        Statistics.median(perViewer),
        Statistics.median(fewest),
        Statistics.median(p50),
        Statistics.median(p99),
        max,
        late,
        frames,
        Statistics.median(cpu),
        Statistics.median(cpuAboveIdle),
        Statistics.median(generator),
        Statistics.median(bytes),
        framesBuiltPerSnapshot(before, after),
        delta(before, after, "superseded"),
        after == null ? -1 : after.path("mostWaiting").asInt(-1),
        viewers.errors() - errors0,
        load);
  }

  /** The portal's figures (GET api/traces), or null if it does not answer. */
  private static JsonNode traces(URI portal, PortalViewers viewers) {
    try {
      HttpResponse<String> r =
          HttpClient.newHttpClient()
              .send(
                  HttpRequest.newBuilder(portal.resolve("api/traces"))
                      .header("Cookie", viewers.signIn())
                      .build(),
                  HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200 ? JSON.readTree(r.body()) : null;
    } catch (Exception e) {
      return null;
    }
  }

  private static long delta(JsonNode before, JsonNode after, String field) {
    return before == null || after == null
        ? -1
        : after.path(field).asLong() - before.path(field).asLong();
  }

  /** Frames the portal built per snapshot it sent out while measuring: 1 with encode-once. */
  private static double framesBuiltPerSnapshot(JsonNode before, JsonNode after) {
    JsonNode b = trace(before);
    JsonNode a = trace(after);
    if (a == null || b == null) {
      return Double.NaN;
    }
    long emitted = a.path("emitted").asLong() - b.path("emitted").asLong();
    long built =
        a.path("encodes").path("json").asLong()
            + a.path("encodes").path("binary").asLong()
            - b.path("encodes").path("json").asLong()
            - b.path("encodes").path("binary").asLong();
    return emitted == 0 ? Double.NaN : (double) built / emitted;
  }

  private static JsonNode trace(JsonNode stats) {
    if (stats == null) {
      return null;
    }
    for (JsonNode t : stats.path("traces")) {
      if (t.path("im").asText().equals(IM) && t.path("attribute").asText().equals(ATTRIBUTE)) {
        return t;
      }
    }
    return null;
  }

  static String header() {
    return String.format(
        Locale.ROOT,
        "%8s %10s %9s %17s %9s %8s %10s %10s %9s %9s %7s %6s  %s",
        "viewers",
        "frames/s",
        "(fewest)",
        "latency p50/p99",
        "max",
        ">200ms",
        "IE us/fr",
        "(>idle)",
        "gen us/fr",
        "bytes/fr",
        "built",
        "errors",
        "load avg");
  }

  static String row(Results.ViewerPoint p) {
    return String.format(
        Locale.ROOT,
        "%8d %10.1f %9.1f %7.1f / %6.1f ms %6.0f ms %8d %10.1f %10.1f %9.1f %9.0f %7.2f %6d  %s",
        p.viewers(),
        p.framesPerSecondPerViewer(),
        p.fewestFramesPerSecond(),
        p.latencyP50Millis(),
        p.latencyP99Millis(),
        p.latencyMaxMillis(),
        p.framesOver200Millis(),
        p.ieCpuMicrosPerFrame(),
        p.ieCpuMicrosPerFrameAboveIdle(),
        p.loadGeneratorCpuMicrosPerFrame(),
        p.bytesPerFrame(),
        p.framesBuiltPerSnapshot(),
        p.errors(),
        p.loadAverage());
  }
}
