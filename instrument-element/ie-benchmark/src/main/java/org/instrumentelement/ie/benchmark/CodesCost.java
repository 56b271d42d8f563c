package org.instrumentelement.ie.benchmark;

import jakarta.jms.Connection;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.Session;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.command.ActiveMQBytesMessage;
import org.instrumentelement.ie.benchmark.SoapRequests.Encoding;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.RecordingInfo;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.contract.TopicNames;
import org.instrumentelement.ie.measure.IeProcess;
import org.instrumentelement.ie.measure.Machine;
import org.instrumentelement.ie.measure.MockLaboratory;

/**
 * A scope trace as doubles and as the instrument's codes (issue 42, --only=codes): the mock
 * Keysight scope's 2,500-point {@value #ATTRIBUTE} in each of its formats (WORD, BYTE), measured on
 * one IE: bytes per trace on the wire (a topic message as the subscriber receives it, on the
 * attribute's topic of doubles and on its {@code .codes} topic; a poll's answer, BINARY, MTOM and
 * CODES, HTTP included), bytes per trace on disk (a recording and the history archive, against the
 * 2,500 doubles of {@value #ARRAY} recorded and archived beside it), and the IE's CPU per delivered
 * trace with {@value #SUBSCRIBERS} subscribers of either topic, at {@value #PERIOD_MILLIS} ms a
 * trace, as the ladder measures CPU per delivered vector (the IE process's CPU over the deliveries
 * counted at the subscribers), with the CPU of the same sampling and no subscriber for comparison.
 */
record CodesCost(BenchmarkOptions options, Path dataDir) implements Measurement {
  static final String SCOPE = "lab/kscope";
  static final String ATTRIBUTE = "waveform";
  static final String ARRAY = "lab/array2500";
  static final int POINTS = 2500;
  static final int PERIOD_MILLIS = 20;
  static final int SUBSCRIBERS = 10;
  private static final long SEGMENT_SECONDS = 2;
  private static final int MESSAGES = 20;

  /**
   * The stage's IE: access control off, the mock lab silent, the mock Keysight scope as {@value
   * #SCOPE}, recordings and history in {@code dataDir}, the two vectors archived, segments written
   * after {@value #SEGMENT_SECONDS} s.
   */
  static List<String> ieOptions(Path dataDir) {
    List<String> opts = new ArrayList<>(List.of("--security.enabled=false"));
    opts.addAll(MockLaboratory.SAMPLING_OFF);
    opts.addAll(
        List.of(
            "--data.dir=" + dataDir,
            "--im.kscope.parent=lab",
            "--im.kscope.type=scpi",
            "--im.kscope.descriptor=keysight-infiniivision",
            "--im.kscope.address=MOCK::keysight-scope",
            "--im.kscope.attribute.waveform.period=off",
            "--history.vectors=" + SCOPE + ":" + ATTRIBUTE + "," + ARRAY + ":vector",
            "--history.flushInterval=500ms",
            "--history.segmentDuration=" + SEGMENT_SECONDS + "s"));
    return opts;
  }

  @Override
  public void run(IeProcess ie, Results results) throws Exception {
    InstrumentElementPort soap = InstrumentElementClient.connect(ie.serviceUrl());
    String load = Machine.describe().loadAverages();
    Progress.log(
        "codes: the mock Keysight's "
            + POINTS
            + "-point trace as doubles and as codes, every "
            + PERIOD_MILLIS
            + " ms (load average "
            + load
            + ")");
    ExecuteCommand start = new ExecuteCommand(); // running: every read is a new trace
    start.setIm(SCOPE);
    start.setCommand("start");
    soap.executeCommand(start);
    String topic = TopicNames.topic(TopicNames.DEFAULT_PREFIX, "ie", SCOPE, ATTRIBUTE);
    List<Results.CodesFormat> formats = new ArrayList<>();
    for (String format : List.of("WORD", "BYTE")) {
      SetParameter p = new SetParameter();
      p.setIm(SCOPE);
      p.setParameter("dataFormat");
      p.setValue(InstrumentElementClient.stringValue(format));
      soap.setParameter(p);
      double topicDoubles = topicBytes(ie, soap, topic);
      double topicCodes = topicBytes(ie, soap, TopicNames.codes(topic));
      double pollBinary = pollBytes(ie, Encoding.BINARY);
      double pollMtom = pollBytes(ie, Encoding.MTOM);
      double pollCodes = pollBytes(ie, Encoding.CODES);
      double[] disk = diskBytes(ie, soap);
      double[] cpu = cpu(ie, soap, topic);
      Results.CodesFormat f =
          new Results.CodesFormat(
              format,
              topicDoubles,
              topicCodes,
              pollBinary,
              pollMtom,
              pollCodes,
              disk[0],
              disk[1],
              disk[2],
              disk[3],
              cpu[0],
              cpu[1],
              cpu[2],
              cpu[3],
              cpu[4]);
      formats.add(f);
      Progress.log(
          String.format(
              Locale.ROOT,
              "codes %s: topic %.0f bytes (doubles) / %.0f (codes) = %.3f; poll BINARY %.0f, MTOM"
                  + " %.0f, CODES %.0f; recording %.0f / %.0f bytes per trace, history %.0f /"
                  + " %.0f; IE CPU per trace published, no subscriber %.1f us; per delivered"
                  + " trace to %d subscribers: doubles %.1f us (%.0f/s), codes %.1f us (%.0f/s)",
              format,
              topicDoubles,
              topicCodes,
              topicCodes / topicDoubles,
              pollBinary,
              pollMtom,
              pollCodes,
              f.recordingBytesDoubles(),
              f.recordingBytesCodes(),
              f.historyBytesDoubles(),
              f.historyBytesCodes(),
              f.ieCpuMicrosPerTraceNoSubscriber(),
              SUBSCRIBERS,
              f.ieCpuMicrosPerDeliveredDoubles(),
              f.deliveriesPerSecondDoubles(),
              f.ieCpuMicrosPerDeliveredCodes(),
              f.deliveriesPerSecondCodes()));
    }
    results.codes = new Results.Codes(POINTS, 1000 / PERIOD_MILLIS, SUBSCRIBERS, formats, load);
  }

  private static void period(InstrumentElementPort soap, String im, String attribute, long ms) {
    ConfigureSampling c = new ConfigureSampling();
    c.setIm(im);
    c.setAttribute(attribute);
    c.setSamplingPeriodMicros(ms * 1000);
    try {
      soap.configureSampling(c);
    } catch (Exception e) {
      throw new IllegalStateException("configureSampling " + im + ":" + attribute, e);
    }
  }

  private static long published(InstrumentElementPort soap, String im, String attribute)
      throws Exception {
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm(im);
    q.setAttribute(attribute);
    return soap.getSubscriptionInfo(q).getSubscription().getPublished();
  }

  /**
   * Bytes of a message of {@code topic} as a subscriber receives it: its body and its marshalled
   * properties (the OpenWire frame adds the same few dozen bytes to every message), the mean of
   * {@value #MESSAGES}. Exact whatever the load, where a relay's count over a time window is not:
   * the messages a subscriber counts in the window are not those whose bytes crossed it.
   */
  private static double topicBytes(IeProcess ie, InstrumentElementPort soap, String topic)
      throws Exception {
    period(soap, SCOPE, ATTRIBUTE, PERIOD_MILLIS);
    Connection c = new ActiveMQConnectionFactory(ie.brokerUrl()).createConnection();
    try {
      c.start();
      Session s = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      MessageConsumer consumer = s.createConsumer(s.createTopic(topic));
      long bytes = 0;
      for (int i = 0; i < MESSAGES; i++) {
        Message m = consumer.receive(30_000);
        if (!(m instanceof ActiveMQBytesMessage b)) {
          throw new IllegalStateException("no bytes message on " + topic + " within 30 s");
        }
        bytes += b.getContent().getLength() + b.getMarshalledProperties().getLength();
      }
      return bytes / (double) MESSAGES;
    } finally {
      c.close();
      period(soap, SCOPE, ATTRIBUTE, 0);
    }
  }

  /** Bytes of one poll's answer (HTTP included), one client polling through a counting relay. */
  private static double pollBytes(IeProcess ie, Encoding encoding) throws Exception {
    try (CountingProxy proxy = new CountingProxy(ie.httpPort());
        HttpLoad load =
            new HttpLoad(
                1,
                "localhost",
                proxy.port(),
                VectorPolls.request(ie, proxy.port(), SCOPE, ATTRIBUTE, encoding),
                "length=\"" + POINTS + "\"",
                POINTS)) {
      Thread.sleep(500);
      long b0 = proxy.toClient.get();
      long n0 = load.responses.get();
      Thread.sleep(2000);
      if (load.errors.get() > 0) {
        throw new IllegalStateException("polls " + encoding + " failed: " + load.errors.get());
      }
      return (proxy.toClient.get() - b0) / (double) Math.max(1, load.responses.get() - n0);
    }
  }

  /**
   * Bytes on disk per trace, sampling both vectors for a few seconds: recording (doubles of {@value
   * #ARRAY}, codes of the scope), then history (the same), each its segments' bytes over its rows.
   */
  private double[] diskBytes(IeProcess ie, InstrumentElementPort soap) throws Exception {
    Path history = dataDir.resolve("history").resolve("series");
    long[] doubles0 = segments(history, ARRAY, "vector");
    long[] codes0 = segments(history, SCOPE, ATTRIBUTE);
    long pubDoubles0 = published(soap, ARRAY, "vector");
    long pubCodes0 = published(soap, SCOPE, ATTRIBUTE);
    period(soap, ARRAY, "vector", PERIOD_MILLIS);
    period(soap, SCOPE, ATTRIBUTE, PERIOD_MILLIS);
    String recDoubles = BenchmarkRecording.start(soap, ARRAY, "vector", "ie-benchmark codes");
    String recCodes = BenchmarkRecording.start(soap, SCOPE, ATTRIBUTE, "ie-benchmark codes");
    RecordingInfo doubles;
    RecordingInfo codes;
    try {
      Thread.sleep(4000);
    } finally {
      doubles = BenchmarkRecording.stopAndDelete(soap, recDoubles);
      codes = BenchmarkRecording.stopAndDelete(soap, recCodes);
      period(soap, ARRAY, "vector", 0);
      period(soap, SCOPE, ATTRIBUTE, 0);
    }
    long pubDoubles = published(soap, ARRAY, "vector") - pubDoubles0;
    long pubCodes = published(soap, SCOPE, ATTRIBUTE) - pubCodes0;
    // The archive writes a series' open segment once it is SEGMENT_SECONDS old: wait for it.
    long[] d = segments(history, ARRAY, "vector");
    long[] c = segments(history, SCOPE, ATTRIBUTE);
    long deadline = System.nanoTime() + 60_000_000_000L;
    while ((d[1] - doubles0[1] < pubDoubles || c[1] - codes0[1] < pubCodes)
        && System.nanoTime() < deadline) {
      Thread.sleep(250);
      d = segments(history, ARRAY, "vector");
      c = segments(history, SCOPE, ATTRIBUTE);
    }
    return new double[] {
      perSample(doubles),
      perSample(codes),
      (d[0] - doubles0[0]) / (double) Math.max(1, d[1] - doubles0[1]),
      (c[0] - codes0[0]) / (double) Math.max(1, c[1] - codes0[1])
    };
  }

  private static double perSample(RecordingInfo r) {
    return r.getSamples() == 0 ? Double.NaN : (double) r.getBytes() / r.getSamples();
  }

  /**
   * The bytes and rows of the written segments of a series, from its {@code index.tsv}
   * (docs/history.md, "Files"): {0, 0} before it has any.
   */
  static long[] segments(Path series, String im, String attribute) throws IOException {
    long[] out = new long[2];
    if (!Files.isDirectory(series)) {
      return out;
    }
    try (Stream<Path> dirs = Files.list(series)) {
      for (Path dir : dirs.toList()) {
        Path declared = dir.resolve("series.tsv");
        if (!Files.isRegularFile(declared)
            || !Files.readString(declared, StandardCharsets.UTF_8)
                .startsWith(im + "\t" + attribute + "\t")) {
          continue;
        }
        Path index = dir.resolve("index.tsv");
        if (Files.isRegularFile(index)) {
          for (String line : Files.readAllLines(index, StandardCharsets.UTF_8)) {
            String[] f = line.split("\t");
            if (f.length >= 10) {
              out[0] += Long.parseLong(f[8]);
              out[1] += Long.parseLong(f[3]);
            }
          }
        }
      }
    }
    return out;
  }

  /**
   * The IE's CPU per trace sampled with no subscriber, then per delivered trace with {@value
   * #SUBSCRIBERS} subscribers of the doubles and of the codes; and the deliveries per second of
   * each: {alone, doubles, doubles/s, codes, codes/s}.
   */
  private double[] cpu(IeProcess ie, InstrumentElementPort soap, String topic) throws Exception {
    long warm = Math.min(10_000, options.warmup().toMillis());
    long millis = options.measure().toMillis() * options.reps();
    period(soap, SCOPE, ATTRIBUTE, PERIOD_MILLIS);
    try {
      Thread.sleep(warm);
      double cpu0 = ie.cpu().seconds();
      long n0 = published(soap, SCOPE, ATTRIBUTE);
      Thread.sleep(millis);
      double alone =
          (ie.cpu().seconds() - cpu0) / Math.max(1, published(soap, SCOPE, ATTRIBUTE) - n0) * 1e6;
      double[] doubles = delivered(ie, topic, warm, millis);
      double[] codes = delivered(ie, TopicNames.codes(topic), warm, millis);
      return new double[] {alone, doubles[0], doubles[1], codes[0], codes[1]};
    } finally {
      period(soap, SCOPE, ATTRIBUTE, 0);
    }
  }

  private static double[] delivered(IeProcess ie, String topic, long warm, long millis)
      throws Exception {
    try (Subscribers subs =
        new Subscribers(SUBSCRIBERS, ie.brokerUrl(), null, null, topic, SamplingControl.ACQUIRED)) {
      Thread.sleep(warm);
      double cpu0 = ie.cpu().seconds();
      long n0 = subs.received.get();
      long t0 = System.nanoTime();
      Thread.sleep(millis);
      double cpu = ie.cpu().seconds() - cpu0;
      long n = subs.received.get() - n0;
      double seconds = (System.nanoTime() - t0) / 1e9;
      return new double[] {n == 0 ? Double.NaN : cpu / n * 1e6, n / seconds};
    }
  }
}
