package org.instrumentelement.ie.benchmark;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.RawHistory;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetHistory;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.HistoryInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.ie.contract.PackedColumns;
import org.instrumentelement.ie.history.HistoryArchive;
import org.instrumentelement.ie.history.HistorySettings;
import org.instrumentelement.ie.history.Sample;
import org.instrumentelement.ie.history.SeriesId;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.measure.Machine;
import org.instrumentelement.ie.measure.MockLaboratory;

/**
 * What the history archive costs and how fast it answers (docs/history.md, "Figures"; issue 40):
 *
 * <ol>
 *   <li>A synthetic archive written through the archive's own writer as fast as it goes, offline:
 *       the scope's peak-to-peak at 10/s for a week (6,048,000 samples) and 100 more attributes at
 *       1/s for the last day (8,640,000); the writer's CPU per sample and the bytes on disk per
 *       sample.
 *   <li>An IE started on that archive, asked over SOAP as any client: trends of the last hour, day
 *       and week at 2,000 buckets (the first answer, from disk, and the median and 95th percentile
 *       of the next ones, after a warm-up), and the last day read raw in pages of 100,000 (BINARY
 *       inline and over MTOM, packed BINARY columns inline and over MTOM, decoded with {@link
 *       PackedColumns} as a client does, and XML in its pages of 10,000; the median of three
 *       reads), with the IE process's CPU per sample read in BINARY and packed.
 *   <li>The IE process's CPU per sample with the scope's peak-to-peak sampled as fast as it goes,
 *       once with the archive off and once with it on (two IEs, one after the other): the
 *       difference per archived sample is what archiving costs the IE live.
 * </ol>
 */
final class HistoryCost {
  static final String IM = "lab/scope";
  static final String ATTRIBUTE = "peakToPeak";
  static final int MAIN_RATE = 10;
  static final Duration MAIN_SPAN = Duration.ofDays(7);
  static final int SENSORS = 100;
  static final Duration SENSOR_SPAN = Duration.ofDays(1);
  static final int BUCKETS = 2000;
  static final int RAW_PAGE = 100_000;
  static final int QUERY_REPEATS = 21;

  /** Slices read at once by the sliced raw read: one per core of the machine this was made on. */
  static final int RAW_SLICES = 2;

  private final BenchmarkOptions options;

  HistoryCost(BenchmarkOptions options) {
    this.options = options;
  }

  void run(Results results) throws Exception {
    String load = Machine.describe().loadAverages();
    Path dataDir = Files.createTempDirectory("ie-benchmark-history");
    try {
      Progress.log(
          String.format(
              Locale.ROOT,
              "history: writing a synthetic archive: %s:%s at %d/s for %d days and %d attributes"
                  + " at 1/s for a day (load average %s)",
              IM,
              ATTRIBUTE,
              MAIN_RATE,
              MAIN_SPAN.toDays(),
              SENSORS,
              load));
      long end = (System.currentTimeMillis() / 1000 - 60) * 1_000_000L;
      Written w = write(dataDir.resolve("history"), end);
      Progress.log(
          String.format(
              Locale.ROOT,
              "history: %,d samples written in %.1f s (%.2f M/s), %.2f us of CPU each; %.2f bytes"
                  + " per sample in segments (10/s), %.2f (1/s), %.2f for the whole directory",
              w.samples(),
              w.seconds(),
              w.samples() / w.seconds() / 1e6,
              w.cpuMicrosPerSample(),
              w.mainBytesPerSample(),
              w.sensorBytesPerSample(),
              w.directoryBytesPerSample()));

      Progress.log("history: starting the IE on the archive (access control off)");
      Queries q;
      try (IeProcess ie = start(dataDir, true)) {
        q = queries(ie, end);
      }
      Progress.log(
          String.format(
              Locale.ROOT,
              "history: %d-bucket trends: hour %.1f ms (first %.1f), day %.1f ms (first %.1f),"
                  + " week %.1f ms (first %.1f); raw paging of a day: %.2f M samples/s BINARY"
                  + " (IE CPU %.0f ns per sample), %.2f M/s BINARY over MTOM, %.2f M/s packed"
                  + " (IE CPU %.0f ns per sample), %.2f M/s packed over MTOM, %.2f M/s packed over"
                  + " MTOM in %d slices at once, %.2f M/s XML",
              BUCKETS,
              q.hour().median(),
              q.hour().first(),
              q.day().median(),
              q.day().first(),
              q.week().median(),
              q.week().first(),
              q.rawBinaryPerSecond() / 1e6,
              q.rawBinaryIeCpuNanos(),
              q.rawMtomPerSecond() / 1e6,
              q.rawPackedPerSecond() / 1e6,
              q.rawPackedIeCpuNanos(),
              q.rawPackedMtomPerSecond() / 1e6,
              q.rawSlicedPerSecond() / 1e6,
              RAW_SLICES,
              q.rawXmlPerSecond() / 1e6));

      Live off = live(false);
      Live on = live(true);
      double archiving =
          (on.cpuSecondsPerSecond() - off.cpuSecondsPerSecond())
              / Math.max(1e-9, on.samplesPerSecond())
              * 1e6;
      Progress.log(
          String.format(
              Locale.ROOT,
              "history: live, %s:%s sampled as fast as it goes: archive off %.0f samples/s at"
                  + " %.1f us IE CPU each; on %.0f samples/s at %.1f us; archiving %.2f us per"
                  + " archived sample",
              IM,
              ATTRIBUTE,
              off.samplesPerSecond(),
              off.microsPerSample(),
              on.samplesPerSecond(),
              on.microsPerSample(),
              archiving));
      results.history =
          new Results.History(
              w.samples(),
              w.samples() / w.seconds(),
              w.cpuMicrosPerSample(),
              w.mainBytesPerSample(),
              w.sensorBytesPerSample(),
              w.directoryBytesPerSample(),
              BUCKETS,
              q.hour().first(),
              q.hour().median(),
              q.hour().p95(),
              q.day().first(),
              q.day().median(),
              q.day().p95(),
              q.week().first(),
              q.week().median(),
              q.week().p95(),
              q.rawSamples(),
              q.rawBinaryPerSecond(),
              q.rawBinaryIeCpuNanos(),
              q.rawMtomPerSecond(),
              q.rawPackedPerSecond(),
              q.rawPackedIeCpuNanos(),
              q.rawPackedMtomPerSecond(),
              q.rawSlicedPerSecond(),
              RAW_SLICES,
              q.rawXmlPerSecond(),
              off.samplesPerSecond(),
              off.microsPerSample(),
              on.samplesPerSecond(),
              on.microsPerSample(),
              archiving,
              load);
    } finally {
      RecordingCost.removeDirectory(dataDir);
    }
  }

  /** What the synthetic write took and left on disk. */
  private record Written(
      long samples,
      double seconds,
      double cpuMicrosPerSample,
      double mainBytesPerSample,
      double sensorBytesPerSample,
      double directoryBytesPerSample) {}

  /**
   * Writes the synthetic history ending at {@code end} (microseconds since the epoch), in time
   * order as samplers would, the journal flushed every simulated minute.
   */
  static Written write(Path dir, long end) throws IOException {
    HistorySettings d = HistorySettings.defaults();
    long[] now = {end - MAIN_SPAN.toNanos() / 1000};
    HistorySettings settings =
        new HistorySettings(
            Duration.ofMinutes(1),
            d.segmentDuration(),
            d.segmentBytes(),
            Duration.ofDays(3650), // nothing of the synthetic past is retired while it is written
            Long.MAX_VALUE,
            d.rawLimit(),
            d.cacheBytes());
    SeriesId main = new SeriesId(IM, ATTRIBUTE);
    SeriesId[] sensors = new SeriesId[SENSORS];
    for (int i = 0; i < SENSORS; i++) {
      sensors[i] = new SeriesId(String.format(Locale.ROOT, "lab/sensor%03d", i), "temperature");
    }
    SplittableRandom random = new SplittableRandom(40);
    long mainCount = 0;
    long sensorCount = 0;
    long sensorsFrom = end - SENSOR_SPAN.toNanos() / 1000;
    var os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long cpu0 = os.getProcessCpuTime();
    long t0 = System.nanoTime();
    HistoryArchive archive = HistoryArchive.openOffline(dir, settings, () -> now[0]);
    long step = 1_000_000L / MAIN_RATE;
    long start = now[0];
    long nextTick = start + 60_000_000L;
    for (long t = start; t < end; t += step) {
      now[0] = t;
      double hours = (t - sensorsFrom) / 3.6e9;
      double value = 1.0 + 0.2 * Math.sin(hours * Math.PI / 12) + 0.01 * random.nextGaussian();
      archive.append(main, Sample.scalar(t, ++mainCount, 0, 1, value));
      if (t >= sensorsFrom && (t - start) % 1_000_000L == 0) {
        sensorCount++;
        for (int i = 0; i < SENSORS; i++) {
          double temperature = 21 + i * 0.01 + 0.5 * Math.sin(hours) + 0.05 * random.nextGaussian();
          archive.append(sensors[i], Sample.scalar(t + i, sensorCount, 0, 1, temperature));
        }
      }
      if (t >= nextTick) {
        archive.tick();
        nextTick += 60_000_000L;
      }
    }
    archive.close();
    double seconds = (System.nanoTime() - t0) / 1e9;
    long cpu = os.getProcessCpuTime() - cpu0;
    long samples = mainCount + sensorCount * SENSORS;
    long mainBytes = bytes(dir.resolve("series").resolve(main.directoryName()), ".h5");
    long sensorBytes = 0;
    for (SeriesId s : sensors) {
      sensorBytes += bytes(dir.resolve("series").resolve(s.directoryName()), ".h5");
    }
    return new Written(
        samples,
        seconds,
        cpu / 1000.0 / samples,
        (double) mainBytes / mainCount,
        (double) sensorBytes / (sensorCount * SENSORS),
        (double) bytes(dir, "") / samples);
  }

  private static long bytes(Path dir, String suffix) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      return all.filter(Files::isRegularFile)
          .filter(p -> p.getFileName().toString().endsWith(suffix))
          .mapToLong(
              p -> {
                try {
                  return Files.size(p);
                } catch (IOException e) {
                  return 0;
                }
              })
          .sum();
    }
  }

  private IeProcess start(Path dataDir, boolean history) throws IOException {
    List<String> opts = new ArrayList<>(List.of("--security.enabled=false"));
    opts.addAll(MockLaboratory.SAMPLING_OFF);
    opts.add("--data.dir=" + dataDir);
    opts.add("--history.enabled=" + history);
    return IeProcess.launch(options.ieJar())
        .javaOptions(options.serverJavaOptions())
        .options(opts)
        .start();
  }

  /** Times of one query in milliseconds: the first answer, then the median and 95th percentile. */
  record Timing(double first, double median, double p95) {}

  private record Queries(
      Timing hour,
      Timing day,
      Timing week,
      long rawSamples,
      double rawBinaryPerSecond,
      double rawBinaryIeCpuNanos,
      double rawMtomPerSecond,
      double rawPackedPerSecond,
      double rawPackedIeCpuNanos,
      double rawPackedMtomPerSecond,
      double rawSlicedPerSecond,
      double rawXmlPerSecond) {}

  private static Queries queries(IeProcess ie, long end) throws Exception {
    InstrumentElementPort soap = InstrumentElementClient.connect(ie.serviceUrl());
    InstrumentElementPort mtom =
        InstrumentElementClient.connect(
            ie.serviceUrl(), InstrumentElementClient.Options.DEFAULTS.withMtom());
    Instant to = Instant.ofEpochSecond(end / 1_000_000L, end % 1_000_000L * 1000);
    Instant[] from = {
      to.minus(Duration.ofHours(1)), to.minus(Duration.ofDays(1)), to.minus(Duration.ofDays(7))
    };
    // The first answers read the segments from disk, in a JVM not yet warm.
    double[] first = new double[from.length];
    for (int i = 0; i < from.length; i++) {
      first[i] = trendMillis(soap, from[i], to);
    }
    // Warm-up, not counted: the JIT compiles the query and SOAP paths.
    for (int k = 0; k < 10; k++) {
      for (Instant f : from) {
        trendMillis(soap, f, to);
      }
    }
    long[] n = new long[1];
    raw(soap, from[1], to, VectorEncoding.BINARY, false, n);
    raw(mtom, from[1], to, VectorEncoding.BINARY, false, n);
    raw(soap, from[1], to, VectorEncoding.BINARY, true, n);
    raw(mtom, from[1], to, VectorEncoding.BINARY, true, n);
    raw(soap, from[1], to, VectorEncoding.XML, false, n);
    List<InstrumentElementPort> mtomPorts = new ArrayList<>();
    for (int i = 0; i < RAW_SLICES; i++) {
      mtomPorts.add(
          InstrumentElementClient.connect(
              ie.serviceUrl(), InstrumentElementClient.Options.DEFAULTS.withMtom()));
    }
    sliced(mtomPorts, from[1], to, n);
    Timing hour = trend(soap, from[0], to, first[0]);
    Timing day = trend(soap, from[1], to, first[1]);
    Timing week = trend(soap, from[2], to, first[2]);
    double cpu0 = ie.cpu().seconds();
    double binary = median(() -> raw(soap, from[1], to, VectorEncoding.BINARY, false, n));
    double ieNanos = (ie.cpu().seconds() - cpu0) / (3.0 * n[0]) * 1e9;
    double overMtom = median(() -> raw(mtom, from[1], to, VectorEncoding.BINARY, false, n));
    cpu0 = ie.cpu().seconds();
    double packed = median(() -> raw(soap, from[1], to, VectorEncoding.BINARY, true, n));
    double packedIeNanos = (ie.cpu().seconds() - cpu0) / (3.0 * n[0]) * 1e9;
    double packedMtom = median(() -> raw(mtom, from[1], to, VectorEncoding.BINARY, true, n));
    double sliced = median(() -> sliced(mtomPorts, from[1], to, n));
    double xml = median(() -> raw(soap, from[1], to, VectorEncoding.XML, false, n));
    return new Queries(
        hour,
        day,
        week,
        n[0],
        binary,
        ieNanos,
        overMtom,
        packed,
        packedIeNanos,
        packedMtom,
        sliced,
        xml);
  }

  interface Rate {
    double measure() throws Exception;
  }

  /** The median of three measurements. */
  private static double median(Rate r) throws Exception {
    double[] m = {r.measure(), r.measure(), r.measure()};
    Arrays.sort(m);
    return m[1];
  }

  private static double trendMillis(InstrumentElementPort soap, Instant from, Instant to)
      throws Exception {
    GetHistory r = request(from, to);
    r.setBuckets(BUCKETS);
    long t0 = System.nanoTime();
    HistoryInfo h = soap.getHistory(r).getHistory();
    double ms = (System.nanoTime() - t0) / 1e6;
    if (h.getBucket().size() != BUCKETS) {
      throw new IllegalStateException("a trend of " + h.getBucket().size() + " buckets");
    }
    return ms;
  }

  private static Timing trend(InstrumentElementPort soap, Instant from, Instant to, double first)
      throws Exception {
    double[] ms = new double[QUERY_REPEATS];
    for (int i = 0; i < ms.length; i++) {
      ms[i] = trendMillis(soap, from, to);
    }
    Arrays.sort(ms);
    return new Timing(first, ms[ms.length / 2], ms[(int) Math.ceil(ms.length * 0.95) - 1]);
  }

  /**
   * Reads the range raw, page after page; the samples per second of the whole read. Packed columns
   * are decoded into arrays as a client does (plain columns are ready to use once JAXB has decoded
   * their base64, which it does for both).
   */
  private static double raw(
      InstrumentElementPort soap,
      Instant from,
      Instant to,
      VectorEncoding encoding,
      boolean packed,
      long[] count)
      throws Exception {
    long samples = 0;
    long t0 = System.nanoTime();
    GetHistory r = request(from, to);
    r.setLimit(RAW_PAGE);
    r.setEncoding(encoding);
    r.setPacked(packed ? Boolean.TRUE : null);
    while (true) {
      HistoryInfo h = soap.getHistory(r).getHistory();
      if (packed) {
        int n = h.getCount();
        long[] times = PackedColumns.unpackTimes(h.getPackedTimes(), n);
        long[] sequences = PackedColumns.unpackSequenceRuns(h.getSequenceRuns(), n);
        byte[] qualities = PackedColumns.unpackQualityRuns(h.getQualityRuns(), n);
        long[] provenances = PackedColumns.unpackProvenanceRuns(h.getProvenanceRuns(), n);
        if (h.getValues().length != 8 * n
            || times.length + sequences.length + qualities.length + provenances.length != 4 * n) {
          throw new IllegalStateException("a packed page that does not hold its count");
        }
        samples += n;
      } else {
        samples +=
            encoding == VectorEncoding.BINARY ? h.getTimes().length / 8 : h.getSample().size();
      }
      if (h.getContinuation() == null) {
        break;
      }
      r = new GetHistory();
      r.setIm(IM);
      r.setAttribute(ATTRIBUTE);
      r.setLimit(RAW_PAGE);
      r.setEncoding(encoding);
      r.setPacked(packed ? Boolean.TRUE : null);
      r.setContinuation(h.getContinuation());
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    count[0] = samples;
    return samples / seconds;
  }

  /**
   * Reads the range as the Java client's {@link RawHistory} does with {@link #RAW_SLICES} slices at
   * once, packed over MTOM, a port per slice; the samples per second of the whole read.
   */
  private static double sliced(
      List<InstrumentElementPort> ports, Instant from, Instant to, long[] count) throws Exception {
    long t0 = System.nanoTime();
    RawHistory.Columns c = RawHistory.read(ports, IM, ATTRIBUTE, from, to, RAW_PAGE);
    double seconds = (System.nanoTime() - t0) / 1e9;
    if (count[0] != 0 && c.size() != count[0]) {
      throw new IllegalStateException(
          "slices read " + c.size() + " samples where pages read " + count[0]);
    }
    return c.size() / seconds;
  }

  private static GetHistory request(Instant from, Instant to) throws Exception {
    GetHistory r = new GetHistory();
    r.setIm(IM);
    r.setAttribute(ATTRIBUTE);
    r.setFrom(xml(from));
    r.setTo(xml(to));
    return r;
  }

  private static XMLGregorianCalendar xml(Instant t) throws Exception {
    return DatatypeFactory.newInstance().newXMLGregorianCalendar(t.toString());
  }

  /** The IE's CPU and the samples it published over the measured time. */
  private record Live(double samplesPerSecond, double cpuSecondsPerSecond) {
    double microsPerSample() {
      return samplesPerSecond == 0 ? Double.NaN : cpuSecondsPerSecond / samplesPerSecond * 1e6;
    }
  }

  /** The scope's peak-to-peak sampled every 100 us (as fast as it goes), archive on or off. */
  private Live live(boolean history) throws Exception {
    Path dataDir = Files.createTempDirectory("ie-benchmark-history-live");
    try (IeProcess ie = start(dataDir, history)) {
      InstrumentElementPort soap = InstrumentElementClient.connect(ie.serviceUrl());
      ConfigureSampling c = new ConfigureSampling();
      c.setIm(IM);
      c.setAttribute(ATTRIBUTE);
      c.setSamplingPeriodMicros(100L);
      c.setDeadband(0.0);
      soap.configureSampling(c);
      Progress.log(
          "history: live, archive "
              + (history ? "on" : "off")
              + String.format(
                  Locale.ROOT,
                  ": %d s warm-up, %d s measured",
                  options.warmup().toSeconds(),
                  options.measure().toSeconds() * options.reps()));
      Thread.sleep(options.warmup().toMillis());
      double cpu0 = ie.cpu().seconds();
      long n0 = published(soap);
      long t0 = System.nanoTime();
      Thread.sleep(options.measure().toMillis() * options.reps());
      double cpu1 = ie.cpu().seconds();
      long n1 = published(soap);
      double seconds = (System.nanoTime() - t0) / 1e9;
      return new Live((n1 - n0) / seconds, (cpu1 - cpu0) / seconds);
    } finally {
      RecordingCost.removeDirectory(dataDir);
    }
  }

  private static long published(InstrumentElementPort soap) throws Exception {
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm(IM);
    q.setAttribute(ATTRIBUTE);
    return soap.getSubscriptionInfo(q).getSubscription().getPublished();
  }
}
