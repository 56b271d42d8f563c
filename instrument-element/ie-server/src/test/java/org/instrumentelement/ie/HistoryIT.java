package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import javax.xml.datatype.DatatypeFactory;
import javax.xml.datatype.XMLGregorianCalendar;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.RawHistory;
import org.instrumentelement.ie.client.soap.ConfigureAlarmLimits;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetHistory;
import org.instrumentelement.ie.client.soap.GetHistoryValue;
import org.instrumentelement.ie.client.soap.GetParameter;
import org.instrumentelement.ie.client.soap.HistoryBucket;
import org.instrumentelement.ie.client.soap.HistoryInfo;
import org.instrumentelement.ie.client.soap.HistorySample;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.contract.PackedColumns;
import org.instrumentelement.ie.contract.ValueCodec;
import org.instrumentelement.ie.security.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The history archive through the IE's published interfaces: the scope's peak-to-peak sampled at
 * 20/s is archived sample by sample (every topic sequence number, none twice), a raw answer pages
 * with continuation tokens, a trend's buckets agree with the raw samples they summarise,
 * getHistoryValue answers the sample at or before a time, the same history comes over HTTP as CSV
 * and JSON, and what the archive does not keep or the caller may not see is refused with its code.
 */
class HistoryIT {
  @TempDir static Path dir;
  static RunningElement running;
  static InstrumentElementPort admin;

  /** user name = password. */
  static final Map<String, String> USERS =
      Map.of("chief", "admin:*", "arrays", "observe:lab/array2500");

  @BeforeAll
  static void start() throws Exception {
    Path users = UsersFile.write(dir.resolve("users.properties"), USERS);
    running =
        RunningElement.of(
            RunningElement.freePorts(
                ConfigLoader.load(
                    List.of(
                        "--security.users=" + users,
                        "--login.throttle=false",
                        "--history.flushInterval=200ms"),
                    Map.of())));
    admin = running.client("chief", "chief");
    ConfigureSampling c = new ConfigureSampling();
    c.setIm("lab/scope");
    c.setAttribute("peakToPeak");
    c.setSamplingPeriodMillis(50L);
    admin.configureSampling(c);
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  /** Every raw sample of peakToPeak from {@code from} to {@code to}, {@code limit} per answer. */
  static List<HistorySample> raw(Instant from, Instant to, int limit, int[] answers)
      throws Exception {
    List<HistorySample> all = new ArrayList<>();
    GetHistory r = request(from, to);
    r.setLimit(limit);
    HistoryInfo h = admin.getHistory(r).getHistory();
    answers[0] = 1;
    all.addAll(h.getSample());
    while (h.getContinuation() != null) {
      assertTrue(h.getSample().size() <= limit, "an answer holds at most the limit");
      GetHistory next = new GetHistory();
      next.setIm("lab/scope");
      next.setAttribute("peakToPeak");
      next.setLimit(limit);
      next.setContinuation(h.getContinuation());
      h = admin.getHistory(next).getHistory();
      answers[0]++;
      all.addAll(h.getSample());
    }
    return all;
  }

  static GetHistory request(Instant from, Instant to) throws Exception {
    GetHistory r = new GetHistory();
    r.setIm("lab/scope");
    r.setAttribute("peakToPeak");
    r.setFrom(xml(from));
    r.setTo(xml(to));
    return r;
  }

  /** Waits until at least {@code n} samples of peakToPeak are archived since {@code from}. */
  static List<HistorySample> awaitSamples(Instant from, int n) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (true) {
      List<HistorySample> got = raw(from, Instant.now(), 100_000, new int[1]);
      if (got.size() >= n || System.nanoTime() > deadline) {
        assertTrue(got.size() >= n, "archived within a minute: " + got.size() + " of " + n);
        return got;
      }
      Thread.sleep(200);
    }
  }

  @Test
  void everyPublishedSampleIsArchivedOnceAndPagesInOrder() throws Exception {
    Instant from = Instant.now().minusSeconds(3600);
    List<HistorySample> archived = awaitSamples(from, 60);
    // The range ends at a sample already archived: the archive takes a series' samples in time
    // order, none older than the last it holds, so none can join the range between the reads.
    Instant to = instant(archived.get(archived.size() - 1).getTime());
    int[] answers = new int[1];
    List<HistorySample> paged = raw(from, to, 25, answers);
    List<HistorySample> whole = raw(from, to, 100_000, new int[1]);
    assertTrue(answers[0] >= 2, "a continuation token after each full page: " + answers[0]);
    assertEquals(times(whole), times(paged), "paging gives the same samples as one answer");
    for (int i = 1; i < paged.size(); i++) {
      HistorySample a = paged.get(i - 1);
      HistorySample b = paged.get(i);
      assertEquals(
          a.getSequence() + 1,
          (long) b.getSequence(),
          "sequence numbers follow on, none lost or twice, at " + i);
      assertFalse(instant(b.getTime()).isBefore(instant(a.getTime())), "in time order at " + i);
    }
    for (HistorySample s : paged) {
      assertTrue(s.getValue() > 0, "a peak-to-peak voltage: " + s.getValue());
      assertNotNull(s.getQuality());
      assertNotNull(s.getProvenance());
    }
  }

  @Test
  void bucketsAgreeWithTheSamplesTheySummarise() throws Exception {
    Instant from = Instant.now().minusSeconds(3600);
    List<HistorySample> some = awaitSamples(from, 40);
    Instant a = instant(some.get(0).getTime());
    Instant b = instant(some.get(some.size() - 1).getTime()).plusNanos(1000);
    List<HistorySample> samples = raw(a, b, 100_000, new int[1]);
    GetHistory r = request(a, b);
    r.setBuckets(7);
    HistoryInfo h = admin.getHistory(r).getHistory();
    assertEquals(7, h.getBucket().size());
    assertTrue(h.getSample().isEmpty(), "a trend holds buckets, not samples");
    long count = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (HistoryBucket k : h.getBucket()) {
      count += k.getCount();
      if (k.getCount() > 0) {
        min = Math.min(min, k.getMin());
        max = Math.max(max, k.getMax());
        List<HistorySample> in =
            samples.stream()
                .filter(
                    s ->
                        !instant(s.getTime()).isBefore(instant(k.getFrom()))
                            && instant(s.getTime()).isBefore(instant(k.getTo())))
                .toList();
        assertEquals(in.size(), k.getCount(), "bucket from " + k.getFrom());
        assertEquals(in.get(0).getValue(), k.getFirst(), 0.0);
        assertEquals(in.get(in.size() - 1).getValue(), k.getLast(), 0.0);
        double mean = in.stream().mapToDouble(HistorySample::getValue).average().orElseThrow();
        assertEquals(mean, k.getMean(), 1e-9 * Math.abs(mean));
      }
    }
    assertEquals(samples.size(), count, "the buckets count every sample of the range");
    assertEquals(
        samples.stream().mapToDouble(HistorySample::getValue).min().orElseThrow(), min, 0.0);
    assertEquals(
        samples.stream().mapToDouble(HistorySample::getValue).max().orElseThrow(), max, 0.0);
  }

  @Test
  void historyValueIsTheSampleAtOrBeforeATime() throws Exception {
    List<HistorySample> some = awaitSamples(Instant.now().minusSeconds(3600), 20);
    HistorySample s = some.get(some.size() / 2);
    HistorySample next = some.get(some.size() / 2 + 1);
    Instant t = instant(s.getTime());
    Instant between = t.plus(Duration.between(t, instant(next.getTime())).dividedBy(2));
    for (Instant at : List.of(t, between)) {
      GetHistoryValue r = new GetHistoryValue();
      r.setIm("lab/scope");
      r.setAttribute("peakToPeak");
      r.setTime(xml(at));
      var answer = admin.getHistoryValue(r);
      Value v = answer.getValue();
      assertEquals(t, instant(v.getTimestamp()), "at " + at);
      assertEquals(s.getValue(), v.getDoubleValue(), 0.0);
      assertEquals(s.getSequence(), answer.getSequence());
    }
    GetHistoryValue before = new GetHistoryValue();
    before.setIm("lab/scope");
    before.setAttribute("peakToPeak");
    before.setTime(xml(Instant.parse("2000-01-01T00:00:00Z")));
    assertEquals("OUT_OF_RANGE", code(() -> admin.getHistoryValue(before)));
  }

  @Test
  void csvAndJsonOverHttpCarryTheSameSamples() throws Exception {
    List<HistorySample> some = awaitSamples(Instant.now().minusSeconds(3600), 20);
    Instant a = instant(some.get(0).getTime());
    Instant b = instant(some.get(some.size() - 1).getTime()).plusNanos(1000);
    List<HistorySample> samples = raw(a, b, 100_000, new int[1]);
    String query = "?im=lab/scope&attribute=peakToPeak&from=" + a + "&to=" + b + "&format=csv";
    HttpResponse<String> csv = get(query, "chief");
    assertEquals(200, csv.statusCode(), csv.body());
    assertTrue(csv.headers().firstValue("Content-Type").orElse("").startsWith("text/csv"));
    String[] lines = csv.body().split("\r\n");
    assertEquals("time,value,quality,sequence,provenance", lines[0]);
    assertEquals(samples.size() + 1, lines.length, "a header and one line per sample");
    for (int i = 0; i < samples.size(); i++) {
      String[] cells = lines[i + 1].split(",");
      assertEquals(instant(samples.get(i).getTime()), Instant.parse(cells[0]), "line " + i);
      assertEquals(samples.get(i).getValue(), Double.parseDouble(cells[1]), 0.0);
      assertEquals(String.valueOf(samples.get(i).getSequence()), cells[3]);
    }
    HttpResponse<String> json = get(query.replace("format=csv", "buckets=3"), "chief");
    assertEquals(200, json.statusCode(), json.body());
    assertTrue(json.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
    assertTrue(json.body().startsWith("{\"im\":\"lab/scope\",\"attribute\":\"peakToPeak\""));
    assertEquals(3, json.body().split("\"count\":", -1).length - 1, json.body());
  }

  @Test
  void whatTheArchiveDoesNotKeepOrTheCallerMayNotSeeIsRefused() throws Exception {
    GetHistory waveform = request(Instant.now().minusSeconds(60), Instant.now());
    waveform.setAttribute("waveform");
    assertEquals("NOT_ARCHIVED", code(() -> admin.getHistory(waveform)));
    GetHistory identity = request(Instant.now().minusSeconds(60), Instant.now());
    identity.setAttribute("identity");
    assertEquals("NOT_ARCHIVED", code(() -> admin.getHistory(identity)));
    GetHistory unknown = request(Instant.now().minusSeconds(60), Instant.now());
    unknown.setAttribute("noSuchThing");
    assertEquals("UNKNOWN_ATTRIBUTE", code(() -> admin.getHistory(unknown)));
    GetHistory backwards = request(Instant.now(), Instant.now().minusSeconds(60));
    assertEquals("OUT_OF_RANGE", code(() -> admin.getHistory(backwards)));
    GetHistory forged = request(null, null);
    forged.setFrom(null);
    forged.setTo(null);
    forged.setContinuation("bm90IGEgdG9rZW4");
    assertEquals("INVALID_VALUE", code(() -> admin.getHistory(forged)));

    InstrumentElementPort arrays = running.client("arrays", "arrays");
    GetHistory other = request(Instant.now().minusSeconds(60), Instant.now());
    assertEquals("NOT_AUTHORIZED", code(() -> arrays.getHistory(other)));
    String query = "?im=lab/scope&attribute=peakToPeak&format=csv";
    assertEquals(403, get(query, "arrays").statusCode());
    assertEquals(401, get(query, null).statusCode());
    HttpResponse<String> json = get("?im=lab/scope&attribute=noSuchThing", "chief");
    assertEquals(404, json.statusCode());
    assertTrue(json.body().startsWith("{\"code\":\"UNKNOWN_ATTRIBUTE\""), json.body());
    HttpResponse<String> badTime =
        get("?im=lab/scope&attribute=peakToPeak&from=%0Ayesterday", "chief");
    assertEquals(400, badTime.statusCode());
    assertFalse(badTime.body().contains("\n\"") || badTime.body().contains("Exception"));
  }

  /**
   * Packed pages ({@code packed}) carry exactly the samples of plain BINARY pages, page for page,
   * inline and over MTOM, across continuations and over a range where the quality (an alarm limit
   * configured, then lifted) and the provenance revision (the scope's timebase set) change.
   */
  @Test
  void packedPagesCarryTheSamplesOfBinaryPages() throws Exception {
    Instant from = Instant.now();
    Thread.sleep(500);
    ConfigureAlarmLimits warn = new ConfigureAlarmLimits();
    warn.setIm("lab/scope");
    warn.setAttribute("peakToPeak");
    warn.setHighWarning(0.001); // the mock scope's peak-to-peak is always above
    admin.configureAlarmLimits(warn);
    Thread.sleep(500);
    GetParameter get = new GetParameter();
    get.setIm("lab/scope");
    get.setParameter("timebase");
    double timebase = admin.getParameter(get).getValue().getDoubleValue();
    SetParameter set = new SetParameter();
    set.setIm("lab/scope");
    set.setParameter("timebase");
    Value v = new Value();
    v.setDoubleValue(timebase == 0.002 ? 0.005 : 0.002);
    set.setValue(v);
    admin.setParameter(set); // a new provenance revision
    Thread.sleep(500);
    warn.setHighWarning(1e9);
    admin.configureAlarmLimits(warn);
    v.setDoubleValue(timebase);
    admin.setParameter(set);
    Thread.sleep(500);
    Instant to = Instant.now();
    // Every sample up to {@code to} is archived once a later one is (samples go in time order).
    awaitSamples(to, 1);

    InstrumentElementPort mtom =
        InstrumentElementClient.connect(
            running.url(),
            InstrumentElementClient.Options.DEFAULTS.withMtom().withCredentials("chief", "chief"));
    List<Page> binary = pages(admin, from, to, false);
    List<Page> packed = pages(admin, from, to, true);
    List<Page> packedMtom = pages(mtom, from, to, true);
    assertTrue(binary.size() >= 3, "continuations: " + binary.size() + " pages");
    assertEquals(binary, packed, "packed pages carry the samples of BINARY pages");
    assertEquals(binary, packedMtom, "and so over MTOM");
    long qualities = binary.stream().flatMap(p -> p.qualities().stream()).distinct().count();
    long provenances = binary.stream().flatMap(p -> p.provenances().stream()).distinct().count();
    assertTrue(qualities >= 2, "the quality changed in the range: " + qualities);
    assertTrue(provenances >= 2, "the provenance changed in the range: " + provenances);

    // The Java client's reader, page after page and in three time slices at once.
    Page all = joined(binary);
    List<InstrumentElementPort> ports =
        List.of(
            running.client("chief", "chief"),
            running.client("chief", "chief"),
            running.client("chief", "chief"));
    for (int slices : new int[] {1, 3}) {
      RawHistory.Columns c =
          RawHistory.read(ports.subList(0, slices), "lab/scope", "peakToPeak", from, to, 5);
      assertEquals(all.times(), java.util.Arrays.stream(c.times()).boxed().toList(), slices + "");
      assertEquals(all.values(), java.util.Arrays.stream(c.values()).boxed().toList());
      assertEquals(all.sequences(), java.util.Arrays.stream(c.sequences()).boxed().toList());
      assertEquals(all.provenances(), java.util.Arrays.stream(c.provenances()).boxed().toList());
      List<Byte> q = new ArrayList<>();
      for (byte b : c.qualities()) {
        q.add(b);
      }
      assertEquals(all.qualities(), q);
    }

    GetHistory xml = request(from, to);
    xml.setEncoding(VectorEncoding.XML);
    xml.setPacked(true);
    assertEquals("INVALID_VALUE", code(() -> admin.getHistory(xml)));
  }

  /** One raw answer, its columns decoded. */
  record Page(
      List<Long> times,
      List<Double> values,
      List<Long> sequences,
      List<Byte> qualities,
      List<Long> provenances,
      List<String> gaps,
      boolean more) {}

  /** The raw pages of peakToPeak from {@code from} to {@code to}, 5 samples each. */
  static List<Page> pages(InstrumentElementPort port, Instant from, Instant to, boolean packed)
      throws Exception {
    List<Page> pages = new ArrayList<>();
    GetHistory r = request(from, to);
    while (true) {
      r.setLimit(5);
      if (packed) {
        r.setPacked(true);
      } else {
        r.setEncoding(VectorEncoding.BINARY);
      }
      HistoryInfo h = port.getHistory(r).getHistory();
      int n = h.getCount();
      long[] times;
      long[] sequences;
      byte[] qualities;
      long[] provenances;
      if (packed) {
        assertEquals(null, h.getTimes(), "no plain columns in a packed answer");
        assertEquals(null, h.getSequences());
        times = PackedColumns.unpackTimes(h.getPackedTimes(), n);
        sequences = PackedColumns.unpackSequenceRuns(h.getSequenceRuns(), n);
        qualities = PackedColumns.unpackQualityRuns(h.getQualityRuns(), n);
        provenances = PackedColumns.unpackProvenanceRuns(h.getProvenanceRuns(), n);
      } else {
        assertEquals(null, h.getPackedTimes(), "no packed columns unless asked for");
        times = longs(h.getTimes());
        sequences = longs(h.getSequences());
        qualities = h.getQualities();
        provenances = longs(h.getProvenances());
      }
      double[] values = ValueCodec.decodeDoubles(h.getValues());
      assertEquals(n, values.length);
      List<String> gaps = new ArrayList<>();
      h.getGap().forEach(g -> gaps.add(g.getFrom() + " " + g.getTo() + " " + g.getReason()));
      List<Byte> q = new ArrayList<>();
      for (byte b : qualities) {
        q.add(b);
      }
      pages.add(
          new Page(
              java.util.Arrays.stream(times).boxed().toList(),
              java.util.Arrays.stream(values).boxed().toList(),
              java.util.Arrays.stream(sequences).boxed().toList(),
              q,
              java.util.Arrays.stream(provenances).boxed().toList(),
              gaps,
              h.getContinuation() != null));
      if (h.getContinuation() == null) {
        return pages;
      }
      r = new GetHistory();
      r.setIm("lab/scope");
      r.setAttribute("peakToPeak");
      r.setContinuation(h.getContinuation());
    }
  }

  /** The rows of consecutive pages as one page. */
  static Page joined(List<Page> pages) {
    List<Long> times = new ArrayList<>();
    List<Double> values = new ArrayList<>();
    List<Long> sequences = new ArrayList<>();
    List<Byte> qualities = new ArrayList<>();
    List<Long> provenances = new ArrayList<>();
    for (Page p : pages) {
      times.addAll(p.times());
      values.addAll(p.values());
      sequences.addAll(p.sequences());
      qualities.addAll(p.qualities());
      provenances.addAll(p.provenances());
    }
    return new Page(times, values, sequences, qualities, provenances, List.of(), false);
  }

  static long[] longs(byte[] b) {
    long[] v = new long[b.length / 8];
    ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(v);
    return v;
  }

  interface Call {
    void run() throws Exception;
  }

  static String code(Call call) {
    InstrumentElementFault f = assertThrows(InstrumentElementFault.class, call::run);
    return f.getFaultInfo().getCode();
  }

  HttpResponse<String> get(String query, String user) throws Exception {
    return overHttp(running, query, user);
  }

  /** {@code /ie/history} with {@code query}, as {@code user} (password = name; null: none). */
  static HttpResponse<String> overHttp(RunningElement running, String query, String user)
      throws Exception {
    String url = running.url();
    String base = url.substring(0, url.indexOf("/services/"));
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "/history" + query));
    if (user != null) {
      b.header(
          "Authorization",
          "Basic "
              + Base64.getEncoder()
                  .encodeToString((user + ":" + user).getBytes(StandardCharsets.UTF_8)));
    }
    return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  static List<Instant> times(List<HistorySample> samples) {
    return samples.stream().map(s -> instant(s.getTime())).toList();
  }

  static XMLGregorianCalendar xml(Instant t) throws Exception {
    return t == null ? null : DatatypeFactory.newInstance().newXMLGregorianCalendar(t.toString());
  }

  static Instant instant(XMLGregorianCalendar c) {
    return OffsetDateTime.parse(c.toXMLFormat()).toInstant();
  }
}
