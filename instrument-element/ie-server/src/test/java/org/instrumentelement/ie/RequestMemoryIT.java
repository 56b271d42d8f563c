package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetState;
import org.junit.jupiter.api.Test;

/**
 * Authenticated requests within the limits cannot exhaust the heap together: an IE in a JVM of its
 * own with a 256 MB heap (which exits on OutOfMemoryError, as deployed) gets several maximal
 * requests at once, of the kind that costs most to parse (one-digit doubles in an xs:list, 8 MB:
 * about the largest that the default soap.requestMemory, 30% of this heap, can take). One at a time
 * is parsed, the rest are told the server is busy; the process stays alive and serves a normal
 * client, and its memory is free again for the next round. (Six such requests parsed at once would
 * need about 430 MB.)
 */
class RequestMemoryIT {
  static final int LIMIT = 8_000_000;
  static final Pattern CODE = Pattern.compile("<code>(\\w+)</code>");

  @Test
  void concurrentMaximalRequestsCannotExhaustASmallHeap() throws Exception {
    try (SeparateElement ie =
        SeparateElement.start(
            List.of("-Xmx256m", "-XX:+ExitOnOutOfMemoryError"),
            List.of("--soap.maxRequestBytes=" + LIMIT))) {
      byte[] body = RequestGateIT.hostileBody((LIMIT - 296) / 2);
      for (int round = 1; round <= 2; round++) {
        Map<String, Integer> outcomes = fire(ie.url(), body, 6);
        System.out.println("RequestMemoryIT round " + round + ": " + outcomes);
        assertTrue(ie.isAlive(), "the IE died: " + ie.output());
        // Parsed to the end (and refused because a vector is no timebase), or busy.
        assertTrue(outcomes.getOrDefault("500 WRONG_TYPE", 0) >= 1, outcomes.toString());
        assertEquals(
            6,
            outcomes.getOrDefault("500 WRONG_TYPE", 0)
                + outcomes.getOrDefault("503 SERVER_BUSY", 0),
            outcomes.toString());
        GetState g = new GetState();
        g.setIm("lab/scope");
        assertEquals(
            "RUNNING",
            InstrumentElementClient.connect(ie.url(), "observer", "observer")
                .getState(g)
                .getState());
        String ready = ie.url().substring(0, ie.url().indexOf("/services/")) + "/health/ready";
        assertEquals(
            200,
            HttpClient.newHttpClient()
                .send(
                    HttpRequest.newBuilder(URI.create(ready))
                        .timeout(Duration.ofSeconds(10))
                        .build(),
                    HttpResponse.BodyHandlers.ofString())
                .statusCode());
      }
      assertTrue(
          ie.output().stream().noneMatch(l -> l.contains("OutOfMemoryError")),
          String.join("\n", ie.output()));
    }
  }

  /** Sends {@code body} from {@code clients} connections at once; counts "status CODE" answers. */
  static Map<String, Integer> fire(String url, byte[] body, int clients) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(clients);
    try {
      List<Future<String>> answers = new ArrayList<>();
      for (int i = 0; i < clients; i++) {
        answers.add(
            pool.submit(
                () -> {
                  try (RawHttp raw = RawHttp.connect(url, null)) {
                    raw.send(RawHttp.soapHead(url, body.length, HostileRequestIT.ADMIN_BASIC));
                    try {
                      raw.send(body);
                    } catch (java.io.IOException refusedMeanwhile) {
                      // a busy server answers before the body is all sent
                    }
                    RawHttp.Response r = raw.read(Duration.ofSeconds(60));
                    Matcher m = CODE.matcher(r.body());
                    return r.status() + " " + (m.find() ? m.group(1) : "?");
                  }
                }));
      }
      Map<String, Integer> outcomes = new TreeMap<>();
      for (Future<String> a : answers) {
        outcomes.merge(a.get(), 1, Integer::sum);
      }
      return outcomes;
    } finally {
      pool.shutdownNow();
    }
  }
}
