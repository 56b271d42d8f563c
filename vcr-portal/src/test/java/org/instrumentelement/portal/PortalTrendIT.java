package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ConfigureAlarmLimits;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.soap.GetHistory;
import org.instrumentelement.ie.client.soap.HistoryBucket;
import org.instrumentelement.ie.client.soap.HistoryInfo;
import org.instrumentelement.ie.client.soap.HistorySample;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.portal.ie.XmlDateTime;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The trend view's API, {@code GET api/trend}, against a real IE with a users file, reached through
 * a real HTTP front ({@link IeFront}) that can make the IE busy, silent or refusing for one user's
 * calls of one operation: the answer is the IE's own getHistory for the same range (bucket by
 * bucket, and raw for a short range), an observer of another IM gets a refusal and nothing else,
 * and whatever way the IE fails the user's getHistory, the portal refuses with the reason.
 */
class PortalTrendIT {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static PortalLab lab;
  private static IeFront front;
  private static InstrumentElementPort admin;
  private static Instant started;

  @BeforeAll
  static void start() throws Exception {
    front = IeFront.start();
    Path target = Files.createDirectories(Path.of("target"));
    Map<String, String> users = new LinkedHashMap<>();
    users.put("admin", "grants = admin:*");
    users.put("portal", "grants = observe:*"); // the portal's service account
    users.put("scopes", "grants = observe:lab/scope");
    users.put("arrays", "grants = observe:lab/array1250");
    Path file = TestUsers.write(Files.createTempFile(target, "users", ".properties"), users);
    Map<String, String> config = new LinkedHashMap<>();
    config.put("security.users", file.toString());
    config.put("login.throttle", "false");
    config.put("portal.localIe", "false");
    config.put("portal.serviceUser", "portal");
    config.put("portal.servicePassword", "portal");
    config.put("portal.ie.lab.url", front.url());
    config.put("portal.ieTimeout", "2s");
    lab = PortalLab.withPortal(config);
    front.forwardTo(lab.soapUrl());
    admin = InstrumentElementClient.connect(lab.soapUrl(), "admin", "admin");
    started = Instant.now();
    ConfigureSampling fast = new ConfigureSampling();
    fast.setIm("lab/scope");
    fast.setAttribute("peakToPeak");
    fast.setSamplingPeriodMillis(50L);
    fast.setDeadband(0.0);
    admin.configureSampling(fast);
  }

  @AfterAll
  static void stop() throws Exception {
    if (lab != null) {
      lab.close();
    }
    if (front != null) {
      front.close();
    }
  }

  @AfterEach
  void reset() throws Exception {
    front.reset();
  }

  @Test
  void theTrendIsTheIesOwnAnswerForTheSameRange() throws Exception {
    awaitArchived(60);
    ConfigureAlarmLimits limit = new ConfigureAlarmLimits();
    limit.setIm("lab/scope");
    limit.setAttribute("peakToPeak");
    limit.setHighWarning(1e6);
    admin.configureAlarmLimits(limit);
    // A range that has passed: once a sample after it is archived, nothing more is archived in it
    // while the two are asked (the archive takes a series' samples in time order).
    Instant from = started.minusSeconds(1);
    Instant to = Instant.now();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (ieRaw(to, Instant.now()).isEmpty()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("no sample archived after " + to + " within 120 s");
      }
      TimeUnit.MILLISECONDS.sleep(50); // polling the archive
    }
    List<HistorySample> raw = ieRaw(from, to);
    assertTrue(raw.size() >= 40, "samples in the range: " + raw.size());

    Browser scopes = new Browser("scopes");
    JsonNode trend = scopes.json(trendQuery(from, to, 50, "false"));
    HistoryInfo ie = ieTrend(from, to, 50);
    assertEquals("buckets", trend.path("kind").asText(), trend.toString());
    assertEquals("V", trend.path("units").asText());
    assertEquals(millis(from), trend.path("from").asDouble(), 1e-3);
    assertEquals(millis(to), trend.path("to").asDouble(), 1e-3);
    assertEquals(50, trend.path("buckets").size());
    long count = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < 50; i++) {
      JsonNode b = trend.path("buckets").get(i);
      HistoryBucket k = ie.getBucket().get(i);
      String what = "bucket " + i + ": " + b;
      assertEquals(XmlDateTime.millis(k.getFrom()), b.path("from").asDouble(), 1e-3, what);
      assertEquals(XmlDateTime.millis(k.getTo()), b.path("to").asDouble(), 1e-3, what);
      assertEquals(k.getCount(), b.path("count").asLong(), what);
      count += b.path("count").asLong();
      if (k.getCount() > 0) {
        assertEquals(k.getMin(), b.path("min").asDouble(), 0.0, what);
        assertEquals(k.getMax(), b.path("max").asDouble(), 0.0, what);
        assertEquals(k.getMean(), b.path("mean").asDouble(), 0.0, what);
        assertEquals(k.getWorstQuality().name(), b.path("worstQuality").asText(), what);
        min = Math.min(min, b.path("min").asDouble());
        max = Math.max(max, b.path("max").asDouble());
      } else {
        assertFalse(b.has("mean"), "an empty bucket has no numbers: " + what);
      }
    }
    assertEquals(raw.size(), count, "the buckets count every sample of the range");
    assertEquals(raw.size(), trend.path("count").asLong());
    assertEquals(raw.stream().mapToDouble(HistorySample::getValue).min().orElseThrow(), min, 0.0);
    assertEquals(raw.stream().mapToDouble(HistorySample::getValue).max().orElseThrow(), max, 0.0);
    assertEquals(1e6, trend.path("limits").path("highWarning").asDouble(), trend.toString());
    assertFalse(trend.has("limitsError"), trend.toString());

    // A range with fewer samples than points comes raw, sample by sample as the IE keeps them.
    List<HistorySample> few = raw.subList(0, Math.min(raw.size(), 1000));
    JsonNode exact =
        scopes.json(
            trendQuery(
                XmlDateTime.instant(few.get(0).getTime()),
                XmlDateTime.instant(few.get(few.size() - 1).getTime()),
                2000,
                "auto"));
    assertEquals("samples", exact.path("kind").asText());
    assertEquals(few.size(), exact.path("samples").size());
    assertEquals(few.size(), exact.path("count").asLong());
    for (int i = 0; i < few.size(); i++) {
      JsonNode s = exact.path("samples").get(i);
      assertEquals(XmlDateTime.millis(few.get(i).getTime()), s.path("time").asDouble(), 1e-3);
      assertEquals(few.get(i).getValue(), s.path("value").asDouble(), 0.0, "sample " + i);
      assertEquals(few.get(i).getQuality().name(), s.path("quality").asText());
    }
    // ... and one with more comes as buckets.
    JsonNode coarse = scopes.json(trendQuery(from, to, 10, "auto"));
    assertEquals("buckets", coarse.path("kind").asText());
    assertEquals(10, coarse.path("buckets").size());
    assertEquals(raw.size(), coarse.path("count").asLong());
  }

  @Test
  void anObserverOfAnotherImIsRefusedAndGetsNothingElse() throws Exception {
    awaitArchived(1);
    HttpResponse<String> r =
        new Browser("arrays").get(trendQuery(started, Instant.now(), 100, "auto"));
    assertEquals(403, r.statusCode(), r.body());
    JsonNode body = JSON.readTree(r.body());
    assertEquals("NOT_AUTHORIZED", body.path("error").path("code").asText(), r.body());
    assertEquals(List.of("error"), fieldNames(body), "nothing but the refusal: " + r.body());

    Browser scopes = new Browser("scopes");
    HttpResponse<String> waveform =
        scopes.get("api/trend?ie=lab&im=lab/scope&attribute=waveform&span=PT1M");
    assertEquals(404, waveform.statusCode(), waveform.body());
    assertEquals(
        "NOT_ARCHIVED", JSON.readTree(waveform.body()).path("error").path("code").asText());
    HttpResponse<String> wrong = scopes.get(trendQuery(started, Instant.now(), 0, "auto"));
    assertEquals(400, wrong.statusCode(), wrong.body());
    assertEquals("points", JSON.readTree(wrong.body()).path("error").path("item").asText());
    HttpResponse<String> signedOut =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create(lab.portalUrl() + trendQuery(started, Instant.now(), 9, "auto")))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(401, signedOut.statusCode());
  }

  @Test
  void whateverWayTheIeFailsTheUsersHistoryTheTrendIsRefused() throws Exception {
    awaitArchived(1);
    Browser scopes = new Browser("scopes");
    String query = "api/trend?ie=lab&im=lab/scope&attribute=peakToPeak&span=PT10M";
    assertEquals(200, scopes.get(query).statusCode(), "answers while the IE does");
    record Failure(IeFront.Answer answer, int status, String code) {}
    for (Failure f :
        List.of(
            new Failure(IeFront.Answer.TOO_MANY_REQUESTS, 429, "TOO_MANY_REQUESTS"),
            new Failure(IeFront.Answer.SERVER_BUSY, 503, "SERVER_BUSY"),
            new Failure(IeFront.Answer.SLOW, 503, "UNREACHABLE"),
            new Failure(IeFront.Answer.CLOSE, 503, "UNREACHABLE"),
            new Failure(IeFront.Answer.NOT_AUTHORIZED, 403, "NOT_AUTHORIZED"))) {
      front.answer("scopes", "getHistory", f.answer());
      for (String raw : List.of("auto", "false", "true")) {
        HttpResponse<String> r = scopes.get(query + "&raw=" + raw);
        String what = f + ", raw=" + raw + ": " + r.statusCode() + " " + r.body();
        assertEquals(f.status(), r.statusCode(), what);
        JsonNode body = JSON.readTree(r.body());
        assertEquals(f.code(), body.path("error").path("code").asText(), what);
        assertEquals(List.of("error"), fieldNames(body), what);
      }
      front.reset();
    }
    front.stopListening();
    HttpResponse<String> away = scopes.get(query);
    assertEquals(503, away.statusCode(), away.body());
    assertEquals("UNREACHABLE", JSON.readTree(away.body()).path("error").path("code").asText());
  }

  @Test
  void limitsTheIeDoesNotGiveAreUnknownNotNone() throws Exception {
    awaitArchived(1);
    Browser scopes = new Browser("scopes");
    front.answer("scopes", "listAlarmLimits", IeFront.Answer.TOO_MANY_REQUESTS);
    HttpResponse<String> r =
        scopes.get("api/trend?ie=lab&im=lab/scope&attribute=peakToPeak&span=PT10M");
    assertEquals(200, r.statusCode(), r.body());
    JsonNode trend = JSON.readTree(r.body());
    assertTrue(trend.path("limitsError").asText().startsWith("TOO_MANY_REQUESTS"), r.body());
    assertFalse(trend.has("limits"), r.body());
  }

  // ------------------------------------------------------------------ helpers

  private static String trendQuery(Instant from, Instant to, int points, String raw) {
    return "api/trend?ie=lab&im=lab/scope&attribute=peakToPeak&from="
        + URLEncoder.encode(from.toString(), StandardCharsets.UTF_8)
        + "&to="
        + URLEncoder.encode(to.toString(), StandardCharsets.UTF_8)
        + "&points="
        + points
        + "&raw="
        + raw;
  }

  /** Waits until the IE has archived {@code n} samples of peakToPeak since the test started. */
  private static void awaitArchived(int n) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (ieRaw(started, Instant.now()).size() < n) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not " + n + " samples archived within 120 s");
      }
      TimeUnit.MILLISECONDS.sleep(200); // polling the archive
    }
  }

  /** Every raw sample of peakToPeak in the range, as the IE answers its admin directly. */
  private static List<HistorySample> ieRaw(Instant from, Instant to) throws Exception {
    GetHistory g = new GetHistory();
    g.setIm("lab/scope");
    g.setAttribute("peakToPeak");
    g.setFrom(XmlDateTime.of(from));
    g.setTo(XmlDateTime.of(to));
    HistoryInfo h = admin.getHistory(g).getHistory();
    List<HistorySample> all = new ArrayList<>(h.getSample());
    while (h.getContinuation() != null) {
      GetHistory next = new GetHistory();
      next.setIm("lab/scope");
      next.setAttribute("peakToPeak");
      next.setContinuation(h.getContinuation());
      h = admin.getHistory(next).getHistory();
      all.addAll(h.getSample());
    }
    return all;
  }

  private static HistoryInfo ieTrend(Instant from, Instant to, int buckets) throws Exception {
    GetHistory g = new GetHistory();
    g.setIm("lab/scope");
    g.setAttribute("peakToPeak");
    g.setFrom(XmlDateTime.of(from));
    g.setTo(XmlDateTime.of(to));
    g.setBuckets(buckets);
    return admin.getHistory(g).getHistory();
  }

  private static double millis(Instant t) {
    return t.getEpochSecond() * 1000.0 + t.getNano() / 1e6;
  }

  private static List<String> fieldNames(JsonNode n) {
    List<String> names = new ArrayList<>();
    n.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /** A signed-in browser session. */
  private static final class Browser {
    final HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();

    Browser(String user) throws Exception {
      HttpResponse<String> r =
          http.send(
              HttpRequest.newBuilder(URI.create(lab.portalUrl() + "api/signin"))
                  .header("Content-Type", "application/json")
                  .timeout(Duration.ofSeconds(30))
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          JSON.writeValueAsString(Map.of("user", user, "password", user))))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, r.statusCode(), user + ": " + r.body());
    }

    HttpResponse<String> get(String path) throws Exception {
      return http.send(
          HttpRequest.newBuilder(URI.create(lab.portalUrl() + path))
              .timeout(Duration.ofSeconds(30))
              .build(),
          HttpResponse.BodyHandlers.ofString());
    }

    JsonNode json(String path) throws Exception {
      HttpResponse<String> r = get(path);
      assertEquals(200, r.statusCode(), path + ": " + r.body());
      assertEquals("nosniff", r.headers().firstValue("X-Content-Type-Options").orElse(""));
      return JSON.readTree(r.body());
    }
  }
}
