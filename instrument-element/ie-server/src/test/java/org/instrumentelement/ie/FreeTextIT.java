package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import javax.xml.parsers.DocumentBuilderFactory;
import org.instrumentelement.ie.hostile.SoapAnswer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/**
 * Free text and what comes back of it, over SOAP on HTTP: a note with any control character (C0,
 * DEL, C1 with NEL, the line and paragraph separators) starts no recording and gets {@code
 * INVALID_VALUE}; the audit file keeps one record per line for every line-based reader, whatever a
 * caller sent; a fault quotes at most the first 100 characters of a text of the request, escaped,
 * on every path a fault is written (the service, the polling lane, recording downloads).
 */
class FreeTextIT {
  static final String NS = "http://instrumentelement.org/ie/1";
  static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  static final String ADMIN_BASIC =
      "Basic " + java.util.Base64.getEncoder().encodeToString("admin:admin".getBytes());
  static RunningElement running;

  @BeforeAll
  static void start() throws Exception {
    running = RunningElement.mockLab();
  }

  @AfterAll
  static void stop() {
    running.close();
  }

  static HttpResponse<String> post(String body) throws Exception {
    return post("", body);
  }

  /** With {@code header} (a SOAP header element, or empty) before the body. */
  static HttpResponse<String> post(String header, String body) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(running.url()))
            .header("Content-Type", "text/xml; charset=utf-8")
            .header("Authorization", ADMIN_BASIC)
            .timeout(Duration.ofSeconds(30))
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\""
                        + " xmlns:ie=\""
                        + NS
                        + "\">"
                        + header
                        + "<soap:Body>"
                        + body
                        + "</soap:Body></soap:Envelope>"))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  static String startRecording(String note) {
    return "<ie:startRecording><ie:item><ie:im>lab/array2500</ie:im><ie:attribute>vector"
        + "</ie:attribute></ie:item><ie:maxSamples>1</ie:maxSamples><ie:note>"
        + note
        + "</ie:note></ie:startRecording>";
  }

  /** The text of the first element of the answer with this name in the IE's namespace. */
  static String element(HttpResponse<String> r, String name) throws Exception {
    Document d =
        DocumentBuilderFactory.newDefaultNSInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(r.body().getBytes(StandardCharsets.UTF_8)));
    return d.getElementsByTagNameNS(NS, name).item(0).getTextContent();
  }

  static int recordings() throws Exception {
    HttpResponse<String> r = post("<ie:listRecordings/>");
    assertEquals(200, r.statusCode(), r.body());
    return r.body().split("<recording>", -1).length - 1;
  }

  @Test
  void aNoteWithAControlCharacterStartsNoRecording() throws Exception {
    int before = recordings();
    // As XML character references, which is how any of them travels in XML 1.0.
    for (String c : List.of("&#127;", "&#133;", "&#150;", "&#8232;", "&#8233;", "&#9;", "&#10;")) {
      HttpResponse<String> r = post(startRecording("bench 3" + c + "*RST"));
      assertEquals(500, r.statusCode(), c + ": " + r.body());
      assertEquals("INVALID_VALUE", element(r, "code"), c + ": " + r.body());
      int code = Integer.parseInt(c.substring(2, c.length() - 1));
      assertEquals(
          String.format(
              "the note: control character U+%04X at position 7 (free text is one line without"
                  + " control characters)",
              code),
          element(r, "message"));
      SoapAnswer.assertNoInternals(r.body());
    }
    assertEquals(before, recordings(), "no recording was started");
    HttpResponse<String> ok = post(startRecording("bench 3 – 10 µs/div, 测量"));
    assertEquals(200, ok.statusCode(), ok.body());
    assertEquals("bench 3 – 10 µs/div, 测量", element(ok, "note"));
  }

  @Test
  void theAuditFileKeepsOneRecordPerLineForEveryReader() throws Exception {
    String name = "run\u0085one\u2028two\u2029three";
    HttpResponse<String> r =
        post("<ie:stopRecording><ie:recording>" + name + "</ie:recording></ie:stopRecording>");
    assertEquals("UNKNOWN_RECORDING", element(r, "code"), r.body());
    String fault = element(r, "message");
    r =
        post(
            "<ie:setParameter><ie:im>lab/scope</ie:im><ie:parameter>time&#x2028;base"
                + "</ie:parameter><ie:value><ie:doubleValue>1</ie:doubleValue></ie:value>"
                + "</ie:setParameter>");
    assertEquals("UNKNOWN_PARAMETER", element(r, "code"), r.body());

    String audit =
        Files.readString(running.runtime.config().security().auditFile(), StandardCharsets.UTF_8);
    for (char c : new char[] {'\u0085', '\u2028', '\u2029', '\u000b', '\u000c', '\r'}) {
      assertEquals(-1, audit.indexOf(c), String.format("U+%04X in the audit file", (int) c));
    }
    // \R: every line break Unicode and Python's str.splitlines() know.
    List<JsonNode> records = new ArrayList<>();
    for (String line : audit.split("\\R")) {
      if (!line.isEmpty()) {
        records.add(new ObjectMapper().readTree(line));
      }
    }
    JsonNode stop =
        records.stream()
            .filter(j -> j.get("operation").asText().equals("stopRecording"))
            .reduce((a, b) -> b)
            .orElseThrow();
    assertEquals("recording " + name, stop.get("details").asText(), "the record keeps the text");
    JsonNode set =
        records.stream()
            .filter(j -> j.get("operation").asText().equals("setParameter"))
            .reduce((a, b) -> b)
            .orElseThrow();
    assertTrue(set.get("details").asText().startsWith("time\u2028base = "), set.toString());
    assertTrue(set.get("result").asText().startsWith("UNKNOWN_PARAMETER: "), set.toString());
    assertEquals(
        "no recording 'run\\u0085one\\u2028two\\u2029three'",
        fault,
        "the fault shows the caller's text escaped");
  }

  @Test
  void faultsQuoteAShortEscapedPrefixOfWhatTheCallerSent() throws Exception {
    Random random = new Random(38);
    StringBuilder b = new StringBuilder();
    while (b.length() < 100_000) {
      b.append((char) ('a' + random.nextInt(26)));
    }
    String name = b.toString();
    for (String operation : List.of("describeRecording", "stopRecording", "deleteRecording")) {
      HttpResponse<String> r =
          post(
              "<ie:"
                  + operation
                  + "><ie:recording>"
                  + name
                  + "</ie:recording></ie:"
                  + operation
                  + ">");
      assertEquals("UNKNOWN_RECORDING", element(r, "code"), operation);
      assertEquals(
          "no recording '" + name.substring(0, 100) + "... (100000 characters)'",
          element(r, "message"),
          operation);
    }
    // The audit record of a refused control action quotes what the client was told.
    List<String> lines = Files.readAllLines(running.runtime.config().security().auditFile());
    assertTrue(
        lines
            .get(lines.size() - 1)
            .endsWith(
                "\"result\":\"UNKNOWN_RECORDING: no recording '"
                    + name.substring(0, 100)
                    + "... (100000 characters)'\"}"),
        lines.get(lines.size() - 1).substring(0, 300));

    // An attribute name with NEL, through the polling lane (a plain small getAttribute) and
    // through CXF (the same request with a SOAP header, which the lane leaves to CXF).
    String attribute = "wave\u0085form" + name.substring(0, 300);
    String quoted =
        "wave\\u0085form" + name.substring(0, 91) + "... (" + attribute.length() + " characters)";
    String get =
        "<ie:getAttribute><ie:im>lab/scope</ie:im><ie:attribute>"
            + attribute
            + "</ie:attribute></ie:getAttribute>";
    for (HttpResponse<String> r : List.of(post(get), post("<soap:Header/>", get))) {
      assertEquals("UNKNOWN_ATTRIBUTE", element(r, "code"), r.body());
      String message = element(r, "message");
      assertFalse(message.contains("\u0085"), message);
      assertTrue(message.contains(quoted), message);
      assertFalse(message.contains(name.substring(0, 92)), message);
      assertEquals(quoted, element(r, "item"));
    }

    // A download of a recording by a name of 2,000 characters with NEL: 404, cut and escaped.
    String long404 = "x\u0085" + name.substring(0, 2000);
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(
                    URI.create(
                        running.url().substring(0, running.url().indexOf("/services/"))
                            + "/recordings/"
                            + URLEncoder.encode(long404, StandardCharsets.UTF_8)
                            + "/segment-000001.h5"))
                .header("Authorization", ADMIN_BASIC)
                .timeout(Duration.ofSeconds(30))
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(404, r.statusCode(), r.body());
    assertEquals(
        "no recording 'x\\u0085" + name.substring(0, 98) + "... (2002 characters)'",
        element(r, "message"));
  }
}
