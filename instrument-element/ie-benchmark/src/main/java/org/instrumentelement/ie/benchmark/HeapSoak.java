package org.instrumentelement.ie.benchmark;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.instrumentelement.ie.benchmark.Results.HeapReading;
import org.instrumentelement.ie.benchmark.SoapRequests.Encoding;
import org.instrumentelement.ie.measure.IeProcess;

/**
 * The heap soak: 40 BINARY pollers and 40 subscribers at 100 samples/s for {@code --soak-minutes};
 * every 30 s a full GC of the IE and its heap in use from {@code /metrics}. A leak shows as growth.
 */
record HeapSoak(Duration soak) implements Measurement {
  /** The IE's options: access control off, the vector sampled every 10 ms from the start. */
  static final List<String> IE_OPTIONS =
      List.of("--security.enabled=false", "--im.array2500.attribute.vector.period=10ms");

  private static final long READING_MILLIS = 30_000;

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    try (Subscribers subs =
            new Subscribers(
                40, ie.brokerUrl(), null, null, SamplingControl.TOPIC, SamplingControl.ACQUIRED);
        HttpLoad load = VectorPolls.start(ie, ie.httpPort(), Encoding.BINARY, 2500, 40)) {
      List<HeapReading> readings = new ArrayList<>();
      results.soakHeap = readings;
      long start = System.nanoTime();
      while (System.nanoTime() - start < soak.toNanos()) {
        Thread.sleep(READING_MILLIS);
        HeapReading r = new HeapReading((System.nanoTime() - start) / 60e9, heapAfterGc(ie) / 1e6);
        readings.add(r);
        Progress.log(
            String.format(
                Locale.ROOT,
                "soak: %.1f min: heap after GC %.1f MB, %d responses, %d deliveries, %d errors",
                r.minutes(),
                r.heapAfterGcMegabytes(),
                load.responses.get(),
                subs.received.get(),
                load.errors.get()));
      }
      double[] minutes = readings.stream().mapToDouble(HeapReading::minutes).toArray();
      double[] mb = readings.stream().mapToDouble(HeapReading::heapAfterGcMegabytes).toArray();
      double slope = Statistics.slope(minutes, mb);
      // The heap after GC jumps by tens of MB from one reading to the next with the vectors in
      // flight (the broker holds up to a prefetch window of them per subscriber), so the trend is
      // the least-squares slope, shown with the medians of both halves of the run.
      int half = mb.length / 2;
      double firstHalf = Statistics.median(Arrays.copyOfRange(mb, 0, half));
      double secondHalf = Statistics.median(Arrays.copyOfRange(mb, half, mb.length));
      Progress.log(
          String.format(
              Locale.ROOT,
              "soak: heap after GC trend %.2f MB/min; median %.1f MB in the first half, %.1f MB in"
                  + " the second",
              slope,
              firstHalf,
              secondHalf));
      results.soak =
          new Results.Soak(
              slope,
              firstHalf,
              secondHalf,
              load.responses.get(),
              subs.received.get(),
              load.errors.get());
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
                HttpRequest.newBuilder(URI.create(ie.baseUrl() + "/metrics")).build(),
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
}
