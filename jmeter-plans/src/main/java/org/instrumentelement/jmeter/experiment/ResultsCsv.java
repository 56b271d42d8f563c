package org.instrumentelement.jmeter.experiment;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** {@code results.csv}: every point's figures, one line per point, for a spreadsheet or a plot. */
final class ResultsCsv {
  static final String HEADER =
      "mode,length,clients,samples,errors,missed,window_s,mean_ms,sd_ms,p50_ms,p90_ms,p99_ms,"
          + "vectors_per_s,per_client_per_s,bytes_in,bytes_out,traffic_kB_per_s,bytes_per_vector,"
          + "ie_cpu_s,ie_cpu_ms_per_vector,jmeter_cpu_s,sampling_period_ms,tr_ms,published,"
          + "superseded,superseded_warmup,discarded,load_avg";

  private ResultsCsv() {}

  static void write(List<Point> points, Path file) throws IOException {
    try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(HEADER);
      w.newLine();
      for (Point p : points) {
        w.write(line(p));
        w.newLine();
      }
    }
  }

  static String line(Point p) {
    Samples s = p.samples();
    return String.format(
        Locale.ROOT,
        "%s,%d,%d,%d,%d,%d,%.3f,%.3f,%.3f,%d,%d,%d,%.2f,%.3f,%d,%d,%.1f,%.1f,%.3f,%.4f,%.3f,%d,%.3f,%d,%d,%d,%d,%.2f",
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
        p.supersededInWarmup(),
        p.discarded(),
        p.loadAverage());
  }
}
