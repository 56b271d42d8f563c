package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The portal's HTTP API and WebSocket, without a browser, against a real IE. */
class PortalApiIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  static PortalLab lab;
  HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();

  @BeforeAll
  static void start() throws Exception {
    lab = PortalLab.withPortal(Map.of());
  }

  @AfterAll
  static void stop() {
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  void everythingButSignInNeedsASession() throws Exception {
    assertEquals(401, get("api/tree").statusCode());
    HttpResponse<String> page = get("");
    assertEquals(302, page.statusCode());
    assertTrue(page.headers().firstValue("Location").orElseThrow().endsWith("/vcr/signin.html"));
    assertEquals(200, get("signin.html").statusCode());
    assertEquals(
        401, post("api/signin", Map.of("user", "operator", "password", "nope")).statusCode());
    assertEquals(401, get("api/tree").statusCode());
    assertEquals(413, post("api/signin", Map.of("user", "x".repeat(20_000))).statusCode());
  }

  @Test
  void theTreeShowsTheLocalIeAndItsImStates() throws Exception {
    signIn();
    JsonNode ie = json(get("api/tree")).get("elements").get(0);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (ie.get("checked").isNull() && System.nanoTime() < deadline) {
      // the portal answers at once with what it knows; the first poll may still be under way
      TimeUnit.MILLISECONDS.sleep(100);
      ie = json(get("api/tree")).get("elements").get(0);
    }
    assertEquals("ie", ie.get("name").asText());
    assertTrue(ie.get("reachable").asBoolean(), ie.toString());
    assertTrue(ie.get("ims").toString().contains("\"path\":\"lab/scope\""), ie.toString());
  }

  @Test
  void refusalsCarryTheIesCodeAndReason() throws Exception {
    signIn();
    HttpResponse<String> r =
        post(
            "api/parameter",
            Map.of(
                "ie",
                "ie",
                "im",
                "lab/scope",
                "parameter",
                "timebase",
                "type",
                "DOUBLE",
                "value",
                "100"));
    assertEquals(400, r.statusCode());
    assertEquals("OUT_OF_RANGE", json(r).get("error").get("code").asText());
    assertTrue(json(r).get("error").get("message").asText().contains("timebase"));

    r = post("api/command", Map.of("ie", "ie", "im", "lab/scope", "command", "start"));
    assertEquals(409, r.statusCode());
    assertEquals("NOT_ALLOWED_IN_STATE", json(r).get("error").get("code").asText());

    r =
        post(
            "api/parameter",
            Map.of(
                "ie",
                "ie",
                "im",
                "lab/scope",
                "parameter",
                "timebase",
                "type",
                "DOUBLE",
                "value",
                "fast"));
    assertEquals("WRONG_TYPE", json(r).get("error").get("code").asText());

    HttpRequest form =
        HttpRequest.newBuilder(URI.create(lab.portalUrl() + "api/command"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString("ie=ie&im=lab/scope&command=stop"))
            .build();
    assertEquals(415, http.send(form, HttpResponse.BodyHandlers.ofString()).statusCode());
  }

  @Test
  void theImPanelDescribesStateAndCurrentValues() throws Exception {
    signIn();
    JsonNode d = json(get("api/im?ie=ie&im=lab/scope"));
    assertEquals("RUNNING", d.get("state").asText());
    for (JsonNode c : d.get("commands")) {
      assertEquals(
          c.get("allowedIn").toString().contains("RUNNING"),
          c.get("allowed").asBoolean(),
          c.toString());
    }
    boolean sawPeakToPeak = false;
    for (JsonNode a : d.get("attributes")) {
      if (a.get("name").asText().equals("peakToPeak")) {
        sawPeakToPeak = a.get("value").isNumber();
      }
    }
    assertTrue(sawPeakToPeak, d.toString());
    assertEquals(404, get("api/im?ie=nowhere&im=lab/scope").statusCode());
  }

  @Test
  void theWebSocketPushesDecimatedTraces() throws Exception {
    signIn();
    BlockingQueue<String> frames = new LinkedBlockingQueue<>();
    String cookie =
        ((CookieManager) http.cookieHandler().orElseThrow())
            .getCookieStore().getCookies().stream()
                .filter(c -> c.getName().equals("JSESSIONID"))
                .findFirst()
                .orElseThrow()
                .toString();
    URI ws = URI.create(lab.portalUrl().replace("http:", "ws:") + "live");
    WebSocket socket =
        http.newWebSocketBuilder()
            .header("Cookie", cookie)
            .buildAsync(
                ws,
                new WebSocket.Listener() {
                  private final StringBuilder text = new StringBuilder();

                  @Override
                  public CompletionStage<?> onText(WebSocket s, CharSequence data, boolean last) {
                    text.append(data);
                    if (last) {
                      frames.add(text.toString());
                      text.setLength(0);
                    }
                    s.request(1);
                    return null;
                  }
                })
            .join();
    socket.sendText(
        "{\"op\":\"watch\",\"ie\":\"ie\",\"im\":\"lab/scope\",\"attribute\":\"waveform\",\"width\":300}",
        true);
    JsonNode first = nextTrace(frames);
    JsonNode later = first;
    while (later.get("seq").asLong() <= first.get("seq").asLong()) {
      later = nextTrace(frames);
    }
    assertEquals(2500, later.get("length").asInt());
    assertTrue(later.get("decimated").asBoolean());
    assertTrue(later.get("y").size() <= 600, "at most two points per pixel");
    assertEquals(later.get("y").size(), later.get("i").size());
    assertEquals("s", later.get("xUnits").asText());
    assertEquals(4e-6, later.get("dx").asDouble(), 1e-12);
    socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
  }

  @Test
  void aWebSocketFromAnotherSiteOrWithoutSessionIsRefused() throws Exception {
    URI ws = URI.create(lab.portalUrl().replace("http:", "ws:") + "live");
    CompletionException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            CompletionException.class,
            () ->
                HttpClient.newHttpClient()
                    .newWebSocketBuilder()
                    .buildAsync(ws, new WebSocket.Listener() {})
                    .join());
    assertFalse(e.getCause() == null);
    signIn();
    String cookie =
        ((CookieManager) http.cookieHandler().orElseThrow())
            .getCookieStore()
            .getCookies()
            .get(0)
            .toString();
    org.junit.jupiter.api.Assertions.assertThrows(
        CompletionException.class,
        () ->
            HttpClient.newHttpClient()
                .newWebSocketBuilder()
                .header("Cookie", cookie)
                .header("Origin", "http://evil.example")
                .buildAsync(ws, new WebSocket.Listener() {})
                .join());
  }

  private static JsonNode nextTrace(BlockingQueue<String> frames) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      String f = frames.poll(1, TimeUnit.SECONDS);
      if (f != null) {
        JsonNode n = JSON.readTree(f);
        if (n.has("y")) {
          return n;
        }
      }
    }
    StringBuilder dump = new StringBuilder();
    Thread.getAllStackTraces()
        .forEach(
            (t, st) -> {
              dump.append(t.getName()).append(' ').append(t.getState()).append('\n');
              for (StackTraceElement e : st) {
                dump.append("    ").append(e).append('\n');
              }
            });
    System.out.println(dump);
    throw new AssertionError("no trace frame within 20 s");
  }

  private void signIn() throws Exception {
    signIn("operator");
  }

  /** Signs in as one of the IE's development users (password = name). */
  private void signIn(String user) throws Exception {
    HttpResponse<String> r = post("api/signin", Map.of("user", user, "password", user));
    assertEquals(200, r.statusCode(), r.body());
  }

  @Test
  void operatorsActWithTheirOwnRolesOnTheIe() throws Exception {
    signIn("observer");
    HttpResponse<String> r =
        post("api/command", Map.of("ie", "ie", "im", "lab/scope", "command", "single"));
    assertEquals("NOT_AUTHORIZED", json(r).path("error").path("code").asText(), r.body());
    assertTrue(
        json(r).path("error").path("message").asText().contains("observer may not control"),
        r.body());
    JsonNode described = json(get("api/im?ie=ie&im=lab/scope"));
    assertEquals("lab/scope", described.path("path").asText(), "an observer may still look");
    post("api/signout", Map.of());
    signIn("operator");
    // The operator gets past access control to the state machine: the running scope refuses.
    HttpResponse<String> ok =
        post("api/command", Map.of("ie", "ie", "im", "lab/scope", "command", "single"));
    assertEquals("NOT_ALLOWED_IN_STATE", json(ok).path("error").path("code").asText(), ok.body());
  }

  @Test
  void writableAttributesAreWrittenThroughTheIe() throws Exception {
    signIn("observer");
    Map<String, String> level =
        Map.of(
            "ie",
            "ie",
            "im",
            "lab/scope",
            "attribute",
            "triggerLevel",
            "type",
            "DOUBLE",
            "value",
            "0.125");
    HttpResponse<String> refused = post("api/attribute", level);
    assertEquals(
        "NOT_AUTHORIZED", json(refused).path("error").path("code").asText(), refused.body());
    post("api/signout", Map.of());
    signIn("operator");
    JsonNode attr = null;
    for (JsonNode a : json(get("api/im?ie=ie&im=lab/scope")).path("attributes")) {
      if (a.path("name").asText().equals("triggerLevel")) {
        attr = a;
      }
    }
    assertTrue(
        attr != null && attr.path("writable").asBoolean() && attr.path("settable").asBoolean());
    HttpResponse<String> ok = post("api/attribute", level);
    assertEquals(200, ok.statusCode(), ok.body());
    assertEquals(0.125, json(ok).path("value").asDouble(), ok.body());
    assertEquals("V", json(ok).path("units").asText(), ok.body());
    HttpResponse<String> readOnly =
        post(
            "api/attribute",
            Map.of(
                "ie",
                "ie",
                "im",
                "lab/scope",
                "attribute",
                "peakToPeak",
                "type",
                "DOUBLE",
                "value",
                "1"));
    assertEquals("READ_ONLY", json(readOnly).path("error").path("code").asText(), readOnly.body());
  }

  @Test
  void commandsTakeTypedArguments() throws Exception {
    signIn("operator");
    JsonNode measure = null;
    for (JsonNode c : json(get("api/im?ie=ie&im=lab/scope")).path("commands")) {
      if (c.path("name").asText().equals("measure")) {
        measure = c;
      }
    }
    assertTrue(measure != null, "the scope's measure command is described");
    JsonNode quantity = measure.path("arguments").path(0);
    assertEquals("quantity", quantity.path("name").asText());
    assertEquals("ENUM", quantity.path("type").asText());
    assertTrue(quantity.path("required").asBoolean());
    assertEquals("RMS", quantity.path("choices").path(4).asText());

    HttpResponse<String> rms = measure("RMS");
    assertEquals(200, rms.statusCode(), rms.body());
    assertTrue(json(rms).path("result").asDouble() > 0, rms.body());

    HttpResponse<String> missing =
        post("api/command", Map.of("ie", "ie", "im", "lab/scope", "command", "measure"));
    assertEquals(
        "MISSING_ARGUMENT", json(missing).path("error").path("code").asText(), missing.body());
    HttpResponse<String> wrong = measure("MEDIAN");
    assertEquals("OUT_OF_RANGE", json(wrong).path("error").path("code").asText(), wrong.body());
  }

  /** The scope's measure command with {@code quantity} typed in. */
  private HttpResponse<String> measure(String quantity) throws Exception {
    return post(
        "api/command",
        Map.of(
            "ie",
            "ie",
            "im",
            "lab/scope",
            "command",
            "measure",
            "arguments",
            List.of(Map.of("name", "quantity", "type", "ENUM", "value", quantity))));
  }

  @Test
  void recordsAnImFromThePanelAndDownloadsTheZip() throws Exception {
    signIn("observer");
    HttpResponse<String> refused =
        post("api/record", Map.of("ie", "ie", "im", "lab/scope", "durationMillis", 1000));
    assertEquals(
        "NOT_AUTHORIZED", json(refused).path("error").path("code").asText(), refused.body());
    post("api/signout", Map.of());
    signIn("operator");
    HttpResponse<String> started =
        post("api/record", Map.of("ie", "ie", "im", "lab/scope", "durationMillis", 1500));
    assertEquals(200, started.statusCode(), started.body());
    String id = json(started).path("recording").asText();
    assertEquals("RECORDING", json(started).path("state").asText());
    assertTrue(json(started).path("items").toString().contains("lab/scope waveform"));
    JsonNode mine = null;
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      for (JsonNode r : json(get("api/recordings?ie=ie")).path("recordings")) {
        if (r.path("recording").asText().equals(id)) {
          mine = r;
        }
      }
      if (mine != null && mine.path("state").asText().equals("COMPLETE")) {
        break;
      }
      TimeUnit.MILLISECONDS.sleep(100); // polling the condition
    }
    assertEquals("COMPLETE", mine.path("state").asText(), String.valueOf(mine));
    assertTrue(mine.path("samples").asLong() > 0, mine.toString());
    HttpResponse<byte[]> zip =
        http.send(
            HttpRequest.newBuilder(
                    URI.create(lab.portalUrl() + "api/download?ie=ie&recording=" + id))
                .timeout(Duration.ofSeconds(60))
                .build(),
            HttpResponse.BodyHandlers.ofByteArray());
    assertEquals(200, zip.statusCode());
    assertEquals(
        "attachment; filename=\"" + id + ".zip\"",
        zip.headers().firstValue("Content-Disposition").orElse(""));
    int entries = 0;
    try (java.util.zip.ZipInputStream in =
        new java.util.zip.ZipInputStream(new java.io.ByteArrayInputStream(zip.body()))) {
      for (java.util.zip.ZipEntry z; (z = in.getNextEntry()) != null; ) {
        assertTrue(z.getName().startsWith(id + "/segment-"), z.getName());
        byte[] head = in.readNBytes(8);
        assertEquals(
            "\u0089HDF\r\n\u001a\n",
            new String(head, java.nio.charset.StandardCharsets.ISO_8859_1));
        entries++;
      }
    }
    assertTrue(entries > 0, "segments in the zip");
    assertEquals(404, get("api/download?ie=ie&recording=nope").statusCode());
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(lab.portalUrl() + path))
            .timeout(Duration.ofSeconds(30))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path, Map<String, ?> body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(lab.portalUrl() + path))
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(30))
            .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode json(HttpResponse<String> r) throws Exception {
    return JSON.readTree(r.body());
  }
}
