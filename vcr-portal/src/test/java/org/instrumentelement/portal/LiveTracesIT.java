package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The live traces' promises against a real IE and portal, with real sockets: frames are built per
 * value and not per viewer, a viewer that reads nothing (or stops acknowledging) holds back no one
 * and queues nothing, and no compression is negotiated.
 */
class LiveTracesIT {
  private static final String TOPIC = "ie.ie.lab.scope.waveform";
  private static final ObjectMapper JSON = new ObjectMapper();

  private static PortalLab lab;
  private static AttributeSubscriber observer;
  private static final AtomicLong published = new AtomicLong();

  @BeforeAll
  static void start() throws Exception {
    lab = PortalLab.withPortal(Map.of());
    ConfigureSampling c = new ConfigureSampling();
    c.setIm("lab/scope");
    c.setAttribute("waveform");
    c.setSamplingPeriodMillis(50L); // 20 values a second, the portal's maximum rate
    InstrumentElementClient.connect(lab.soapUrl(), "admin", "admin").configureSampling(c);
    // The newest value the IE has published, seen as any subscriber sees it.
    observer =
        AttributeSubscriber.connect(lab.runtime.broker().openWireUrl(), "observer", "observer");
    observer.subscribe(TOPIC, v -> published.accumulateAndGet(v.sequence(), Math::max));
  }

  @AfterAll
  static void stop() {
    if (observer != null) {
      observer.close();
    }
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  void aViewerThatReadsNothingHoldsBackNoOneAndFramesAreBuiltPerValue() throws Exception {
    String portal = lab.portalUrl();
    List<LiveViewer> live = new ArrayList<>();
    try (RawWebSocket hung =
            RawWebSocket.open(
                URI.create(portal.replace("http:", "ws:") + "live"),
                Map.of("Cookie", LiveViewer.signIn(portal, "observer")),
                4096);
        LiveViewer halted =
            LiveViewer.watch(portal, "ie", "binary", 1200, 2, false, published::get)) {
      // A browser that has hung: it asks for frames, then never reads from its socket again.
      hung.sendText(
          "{\"op\":\"watch\",\"ie\":\"ie\",\"im\":\"lab/scope\",\"attribute\":\"waveform\",\"width\":1200}");
      for (int i = 0; i < 8; i++) {
        live.add(LiveViewer.watch(portal, "ie", "binary", 1200, 2, true, published::get));
      }
      for (int i = 0; i < 4; i++) {
        live.add(LiveViewer.watch(portal, "ie", "json", 1200, 0, true, published::get));
      }
      await(() -> published.get() > 0, "the IE publishes");
      long from = published.get();
      // 6 s at 20 values a second: the hung socket's buffers are full long before.
      await(() -> published.get() >= from + 120, "120 more values published");
      long upTo = published.get();
      await(
          () -> live.stream().allMatch(v -> v.lastSeq() >= upTo),
          () -> "every live viewer shows value " + upTo + ": " + live + ", " + traces(portal));

      for (LiveViewer v : live) {
        List<LiveViewer.Received> frames = v.frames();
        assertTrue(frames.size() >= 40, "frames kept coming: " + frames.size());
        for (int k = 1; k < frames.size(); k++) {
          assertTrue(frames.get(k).seq() > frames.get(k - 1).seq(), "newer frames only");
        }
        // Behind the newest value by a few at most, in the second half as in the first: a queue
        // anywhere on the way would make this grow with time.
        long worst =
            frames.stream()
                .filter(r -> r.seq() > (from + upTo) / 2)
                .mapToLong(LiveViewer.Received::lag)
                .max()
                .orElseThrow();
        assertTrue(worst <= 20, "a live viewer fell " + worst + " values behind");
      }
      // The page that stopped acknowledging got what its window allows, and nothing more.
      assertEquals(2, halted.frames().size() + halted.messages().size());

      JsonNode stats = traces(portal);
      assertEquals(14, stats.get("viewers").asInt(), stats.toString());
      assertTrue(stats.get("mostWaiting").asInt() <= 2, "at most two frames wait: " + stats);
      assertTrue(stats.get("superseded").asLong() > 0, "the hung viewers' frames are replaced");
      JsonNode scope = stats.get("traces").get(0);
      long emitted = scope.get("emitted").asLong();
      // A value arriving while the last one waits for the frame thread replaces it (by design):
      // on a loaded machine fewer fan-outs than values. Enough of them to tell per-value from
      // per-viewer encoding (14 viewers) is what counts.
      assertTrue(emitted >= 60, stats.toString());
      // One frame per value sent out (and the first one on joining), per format: not per viewer.
      assertTrue(scope.get("encodes").get("binary").asLong() <= emitted + 1, stats.toString());
      assertTrue(scope.get("encodes").get("json").asLong() <= emitted + 1, stats.toString());
    } finally {
      live.forEach(LiveViewer::close);
    }
  }

  @Test
  void noCompressionIsNegotiated() throws Exception {
    String portal = lab.portalUrl();
    try (RawWebSocket ws =
        RawWebSocket.open(
            URI.create(portal.replace("http:", "ws:") + "live"),
            Map.of(
                "Cookie",
                LiveViewer.signIn(portal, "observer"),
                "Sec-WebSocket-Extensions",
                "permessage-deflate; client_max_window_bits"),
            65536)) {
      assertEquals(101, ws.status());
      assertNull(ws.header("sec-websocket-extensions"), "no permessage-deflate");
    }
  }

  @Test
  void theFiguresAreForSignedInUsersOnly() throws Exception {
    String portal = lab.portalUrl();
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(portal + "api/traces")).build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(401, r.statusCode(), r.body());
    assertTrue(r.body().contains("SIGN_IN"), r.body());
  }

  private static JsonNode traces(String portal) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(portal + "api/traces"))
                    .header("Cookie", LiveViewer.signIn(portal, "observer"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), r.body());
    return JSON.readTree(r.body());
  }

  private static void await(BooleanSupplier condition, String what) throws Exception {
    await(condition, () -> what);
  }

  /**
   * Waits up to 60 s for {@code condition}; {@code what} says what was awaited, and how it stands.
   */
  private static void await(BooleanSupplier condition, Callable<String> what) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within 60 s: " + what.call());
      }
      TimeUnit.MILLISECONDS.sleep(20);
    }
  }
}
