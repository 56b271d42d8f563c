package org.instrumentelement.ie;

import static org.instrumentelement.ie.HistoryIT.code;
import static org.instrumentelement.ie.HistoryIT.instant;
import static org.instrumentelement.ie.HistoryIT.xml;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.datatype.XMLGregorianCalendar;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetHistory;
import org.instrumentelement.ie.client.soap.GetHistoryValue;
import org.instrumentelement.ie.client.soap.GetHistoryValueResponse;
import org.instrumentelement.ie.client.soap.HistoryBucket;
import org.instrumentelement.ie.client.soap.HistoryGap;
import org.instrumentelement.ie.client.soap.HistoryInfo;
import org.instrumentelement.ie.client.soap.HistorySample;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.VectorEncoding;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.contract.ValueCodec;
import org.instrumentelement.ie.security.UsersFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Statistics of a vector kept in the history archive as series of their own (docs/history.md,
 * "Statistics of vectors"): the mock scope's waveform is sampled at 10/s and archived whole, with
 * four of its statistics. Each archived statistic equals the statistic recomputed here from the
 * archived vector of the same sequence number, a trend's buckets agree with the statistic's raw
 * samples, the same series comes over HTTP, a statistic the configuration leaves out answers
 * NOT_ARCHIVED, a name that is no statistic of a vector UNKNOWN_ATTRIBUTE, an observer of another
 * IM is refused, and switching the vector's sampling off opens a gap in its statistics too.
 */
class HistoryStatisticsIT {
  @TempDir static Path dir;
  static RunningElement running;
  static InstrumentElementPort admin;

  /** user name = password. */
  static final Map<String, String> USERS =
      Map.of("chief", "admin:*", "arrays", "observe:lab/array2500");

  static final String KEPT = "max,mean,rms,peakToPeak";

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
                        "--history.flushInterval=200ms",
                        "--history.vectors=lab/scope:waveform",
                        "--im.scope.attribute.waveform.period=100ms",
                        "--im.scope.attribute.waveform.history.statistics=" + KEPT,
                        "--im.array2500.attribute.vector.period=200ms"),
                    Map.of())));
    admin = running.client("chief", "chief");
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  static GetHistory request(String im, String attribute, Instant from, Instant to)
      throws Exception {
    GetHistory r = new GetHistory();
    r.setIm(im);
    r.setAttribute(attribute);
    r.setFrom(xml(from));
    r.setTo(xml(to));
    return r;
  }

  /** Every raw sample of {@code attribute} of the scope from {@code from} to {@code to}. */
  static List<HistorySample> raw(String im, String attribute, Instant from, Instant to)
      throws Exception {
    List<HistorySample> all = new ArrayList<>();
    HistoryInfo h = admin.getHistory(request(im, attribute, from, to)).getHistory();
    all.addAll(h.getSample());
    while (h.getContinuation() != null) {
      GetHistory next = new GetHistory();
      next.setIm(im);
      next.setAttribute(attribute);
      next.setContinuation(h.getContinuation());
      h = admin.getHistory(next).getHistory();
      all.addAll(h.getSample());
    }
    return all;
  }

  /**
   * Waits until at least {@code n} samples of {@code attribute} are archived since {@code from}.
   */
  static List<HistorySample> await(String im, String attribute, Instant from, int n)
      throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
    while (true) {
      List<HistorySample> got = raw(im, attribute, from, Instant.now());
      if (got.size() >= n || System.nanoTime() > deadline) {
        assertTrue(got.size() >= n, attribute + " archived within a minute: " + got.size());
        return got;
      }
      Thread.sleep(200);
    }
  }

  /** The archived waveform at {@code t}, with its sequence number. */
  static GetHistoryValueResponse vectorAt(XMLGregorianCalendar t) throws Exception {
    GetHistoryValue r = new GetHistoryValue();
    r.setIm("lab/scope");
    r.setAttribute("waveform");
    r.setTime(t);
    r.setEncoding(VectorEncoding.BINARY);
    return admin.getHistoryValue(r);
  }

  /** max, mean, rms and peakToPeak of {@code v}, computed here. */
  static Map<String, Double> statistics(double[] v) {
    double max = Double.NEGATIVE_INFINITY;
    double min = Double.POSITIVE_INFINITY;
    double sum = 0;
    double squares = 0;
    for (double x : v) {
      max = Math.max(max, x);
      min = Math.min(min, x);
      sum += x;
      squares += x * x;
    }
    return Map.of(
        "max",
        max,
        "mean",
        sum / v.length,
        "rms",
        Math.sqrt(squares / v.length),
        "peakToPeak",
        max - min);
  }

  @Test
  void eachStatisticIsThatOfTheArchivedVectorOfTheSameSample() throws Exception {
    Instant from = Instant.now().minusSeconds(3600);
    // Up to the 15th statistic archived: on a loaded machine samples come in bursts, so a range
    // that ends a second before now may hold fewer. Its vector is archived with it.
    List<HistorySample> awaited = await("lab/scope", "waveform.peakToPeak", from, 20);
    Instant to = instant(awaited.get(14).getTime());
    List<HistorySample> vectors = raw("lab/scope", "waveform", from, to);
    Map<String, List<HistorySample>> byStatistic = new HashMap<>();
    for (String s : KEPT.split(",")) {
      byStatistic.put(s, raw("lab/scope", "waveform." + s, from, to));
    }
    assertTrue(vectors.size() >= 15, "vectors archived: " + vectors.size());
    for (Map.Entry<String, List<HistorySample>> e : byStatistic.entrySet()) {
      List<HistorySample> stat = e.getValue();
      assertEquals(
          vectors.stream().map(HistorySample::getSequence).toList(),
          stat.stream().map(HistorySample::getSequence).toList(),
          "one " + e.getKey() + " per published vector, with its sequence number");
      for (int i = 0; i < stat.size(); i++) {
        assertEquals(
            instant(vectors.get(i).getTime()), instant(stat.get(i).getTime()), e.getKey() + i);
        assertEquals(vectors.get(i).getQuality(), stat.get(i).getQuality());
        assertEquals(vectors.get(i).getProvenance(), stat.get(i).getProvenance());
      }
    }
    // the statistic recomputed from the archived vector (a handful: each is a SOAP call)
    for (int i = 0; i < vectors.size(); i += Math.max(1, vectors.size() / 8)) {
      GetHistoryValueResponse v = vectorAt(vectors.get(i).getTime());
      assertEquals(vectors.get(i).getSequence(), v.getSequence());
      double[] d = ValueCodec.decodeDoubles(v.getValue().getData());
      assertTrue(d.length > 100, "a whole trace: " + d.length);
      Map<String, Double> expected = statistics(d);
      for (String s : KEPT.split(",")) {
        double got = byStatistic.get(s).get(i).getValue();
        double want = expected.get(s);
        assertEquals(want, got, 1e-12 * Math.max(1, Math.abs(want)), s + " of vector " + i);
        GetHistoryValue at = new GetHistoryValue();
        at.setIm("lab/scope");
        at.setAttribute("waveform." + s);
        at.setTime(vectors.get(i).getTime());
        GetHistoryValueResponse value = admin.getHistoryValue(at);
        assertEquals(got, value.getValue().getDoubleValue(), 0.0, "getHistoryValue of " + s);
        assertEquals(v.getSequence(), value.getSequence());
        assertEquals("V", value.getValue().getUnits(), "the vector's units");
      }
    }
    assertFalse(
        byStatistic.get("max").get(0).getValue().equals(byStatistic.get("mean").get(0).getValue()),
        "different statistics are different series");
  }

  @Test
  void bucketsAgreeWithTheStatisticsRawSamples() throws Exception {
    List<HistorySample> some =
        await("lab/scope", "waveform.max", Instant.now().minusSeconds(3600), 30);
    Instant a = instant(some.get(0).getTime());
    Instant b = instant(some.get(some.size() - 1).getTime()).plusNanos(1000);
    List<HistorySample> samples = raw("lab/scope", "waveform.max", a, b);
    GetHistory r = request("lab/scope", "waveform.max", a, b);
    r.setBuckets(6);
    HistoryInfo h = admin.getHistory(r).getHistory();
    assertEquals(6, h.getBucket().size());
    assertEquals("V", h.getUnits());
    long count = 0;
    for (HistoryBucket k : h.getBucket()) {
      count += k.getCount();
      List<Double> in =
          samples.stream()
              .filter(
                  s ->
                      !instant(s.getTime()).isBefore(instant(k.getFrom()))
                          && instant(s.getTime()).isBefore(instant(k.getTo())))
              .map(HistorySample::getValue)
              .toList();
      assertEquals(in.size(), k.getCount(), "bucket from " + k.getFrom());
      if (!in.isEmpty()) {
        assertEquals(in.stream().mapToDouble(x -> x).min().orElseThrow(), k.getMin(), 0.0);
        assertEquals(in.stream().mapToDouble(x -> x).max().orElseThrow(), k.getMax(), 0.0);
        double mean = in.stream().mapToDouble(x -> x).average().orElseThrow();
        assertEquals(mean, k.getMean(), 1e-9 * Math.abs(mean));
        assertEquals(in.get(0), k.getFirst(), 0.0);
        assertEquals(in.get(in.size() - 1), k.getLast(), 0.0);
      }
    }
    assertEquals(samples.size(), count, "the buckets count every sample of the range");
  }

  @Test
  void httpAnswersTheStatisticAsAnAttribute() throws Exception {
    List<HistorySample> some =
        await("lab/scope", "waveform.rms", Instant.now().minusSeconds(3600), 10);
    Instant a = instant(some.get(0).getTime());
    Instant b = instant(some.get(some.size() - 1).getTime()).plusNanos(1000);
    List<HistorySample> samples = raw("lab/scope", "waveform.rms", a, b);
    HttpResponse<String> csv =
        get("?im=lab/scope&attribute=waveform.rms&from=" + a + "&to=" + b + "&format=csv", "chief");
    assertEquals(200, csv.statusCode(), csv.body());
    String[] lines = csv.body().split("\r\n");
    assertEquals("time,value,quality,sequence,provenance", lines[0]);
    assertEquals(samples.size() + 1, lines.length);
    for (int i = 0; i < samples.size(); i++) {
      String[] cells = lines[i + 1].split(",");
      assertEquals(samples.get(i).getValue(), Double.parseDouble(cells[1]), 0.0, "line " + i);
      assertEquals(String.valueOf(samples.get(i).getSequence()), cells[3]);
    }
    HttpResponse<String> json =
        get("?im=lab/scope&attribute=waveform.rms&buckets=4&from=" + a + "&to=" + b, "chief");
    assertEquals(200, json.statusCode(), json.body());
    assertTrue(
        json.body().startsWith("{\"im\":\"lab/scope\",\"attribute\":\"waveform.rms\""),
        json.body());
  }

  @Test
  void theDefaultKeepsEveryStatisticOfASampledVector() throws Exception {
    Instant from = Instant.now().minusSeconds(3600);
    for (String s : List.of("min", "max", "mean", "rms", "peakToPeak")) {
      List<HistorySample> got = await("lab/array2500", "vector." + s, from, 3);
      assertTrue(got.stream().allMatch(x -> Double.isFinite(x.getValue())), s);
    }
    assertEquals(
        "NOT_ARCHIVED",
        code(
            () ->
                admin.getHistory(
                    request("lab/array2500", "vector", from, Instant.now()))), // not in vectors
        "the vector itself is kept only where named");
  }

  @Test
  void whatIsNotKeptOrNoStatisticOrNotTheCallersIsRefused() throws Exception {
    Instant from = Instant.now().minusSeconds(60);
    Instant to = Instant.now();
    assertEquals(
        "NOT_ARCHIVED",
        code(() -> admin.getHistory(request("lab/scope", "waveform.min", from, to))),
        "min is not among the statistics configured");
    GetHistoryValue min = new GetHistoryValue();
    min.setIm("lab/scope");
    min.setAttribute("waveform.min");
    min.setTime(xml(to));
    assertEquals("NOT_ARCHIVED", code(() -> admin.getHistoryValue(min)));
    for (String name :
        List.of("waveform.median", "peakToPeak.max", "noSuchThing.max", "waveform.", ".max")) {
      assertEquals(
          "UNKNOWN_ATTRIBUTE",
          code(() -> admin.getHistory(request("lab/scope", name, from, to))),
          name);
    }
    HttpResponse<String> notKept = get("?im=lab/scope&attribute=waveform.min", "chief");
    assertEquals(404, notKept.statusCode());
    assertTrue(notKept.body().startsWith("{\"code\":\"NOT_ARCHIVED\""), notKept.body());

    InstrumentElementPort arrays = running.client("arrays", "arrays");
    assertEquals(
        "NOT_AUTHORIZED",
        code(() -> arrays.getHistory(request("lab/scope", "waveform.max", from, to))));
    GetHistoryValue max = new GetHistoryValue();
    max.setIm("lab/scope");
    max.setAttribute("waveform.max");
    max.setTime(xml(to));
    assertEquals("NOT_AUTHORIZED", code(() -> arrays.getHistoryValue(max)));
    assertEquals(403, get("?im=lab/scope&attribute=waveform.max", "arrays").statusCode());
    assertEquals(401, get("?im=lab/scope&attribute=waveform.max", null).statusCode());
    // ... while the statistics of the IM they observe are theirs
    await("lab/array2500", "vector.mean", Instant.now().minusSeconds(3600), 1);
    HistoryInfo theirs =
        arrays
            .getHistory(
                request("lab/array2500", "vector.mean", Instant.now().minusSeconds(3600), to))
            .getHistory();
    assertFalse(theirs.getSample().isEmpty());
    assertEquals(200, get("?im=lab/array2500&attribute=vector.mean", "arrays").statusCode());
  }

  @Test
  void samplingOffIsAGapInTheStatisticsToo() throws Exception {
    await("lab/array2500", "vector.peakToPeak", Instant.now().minusSeconds(3600), 1);
    Instant before = Instant.now();
    ConfigureSampling off = new ConfigureSampling();
    off.setIm("lab/array2500");
    off.setAttribute("vector");
    off.setSamplingPeriodMillis(0L);
    admin.configureSampling(off);
    try {
      HistoryInfo h =
          admin
              .getHistory(
                  request(
                      "lab/array2500",
                      "vector.peakToPeak",
                      before.minusSeconds(5),
                      Instant.now().plusSeconds(1)))
              .getHistory();
      List<String> reasons = h.getGap().stream().map(HistoryGap::getReason).toList();
      assertTrue(reasons.contains("SAMPLING_OFF"), "gaps: " + reasons);
      assertTrue(
          h.getGap().stream()
              .anyMatch(g -> g.getReason().equals("SAMPLING_OFF") && g.getTo() == null),
          "open while sampling is off");
    } finally {
      ConfigureSampling on = new ConfigureSampling();
      on.setIm("lab/array2500");
      on.setAttribute("vector");
      on.setSamplingPeriodMillis(200L);
      admin.configureSampling(on);
    }
  }

  HttpResponse<String> get(String query, String user) throws Exception {
    return HistoryIT.overHttp(running, query, user);
  }
}
