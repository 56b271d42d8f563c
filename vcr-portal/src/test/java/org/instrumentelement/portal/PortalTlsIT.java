package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.instrumentelement.ie.measure.LocalhostKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The portal hosted by an IE with a key: served over HTTPS, it reaches its IE over HTTPS and
 * subscribes to traces over the broker's TLS connector (the plain ones are off), trusting the IE's
 * own certificate without being told.
 */
class PortalTlsIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  @Test
  void theHostedPortalShowsLiveTracesOverTls() throws Exception {
    Path keystore = LocalhostKey.make(dir).keyStore();
    KeyStore trust = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keystore)) {
      trust.load(in, "changeit".toCharArray());
    }
    TrustManagerFactory tmf =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    tmf.init(trust);
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(null, tmf.getTrustManagers(), null);
    CookieManager cookies = new CookieManager();
    HttpClient http = HttpClient.newBuilder().sslContext(tls).cookieHandler(cookies).build();

    try (PortalLab lab = PortalLab.withTls(keystore, "changeit")) {
      String portal = lab.portalUrl();
      assertTrue(portal.startsWith("https://"), portal);
      HttpResponse<String> signIn =
          http.send(
              HttpRequest.newBuilder(URI.create(portal + "api/signin"))
                  .header("Content-Type", "application/json")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "{\"user\":\"operator\",\"password\":\"operator\"}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, signIn.statusCode(), signIn.body());

      String cookie =
          cookies.getCookieStore().getCookies().stream()
              .filter(c -> c.getName().equals("JSESSIONID"))
              .findFirst()
              .orElseThrow()
              .toString();
      BlockingQueue<String> frames = new LinkedBlockingQueue<>();
      WebSocket socket =
          http.newWebSocketBuilder()
              .header("Cookie", cookie)
              .buildAsync(
                  URI.create(portal.replace("https:", "wss:") + "live"),
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
          "{\"op\":\"watch\",\"ie\":\"ie\",\"im\":\"lab/array2500\",\"attribute\":\"vector\","
              + "\"width\":300}",
          true);
      JsonNode trace = null;
      List<String> seen = new ArrayList<>();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (trace == null && System.nanoTime() < deadline) {
        String f = frames.poll(1, TimeUnit.SECONDS);
        if (f != null) {
          seen.add(f);
          JsonNode n = JSON.readTree(f);
          if (n.has("y")) {
            trace = n;
          }
        }
      }
      assertTrue(trace != null, "no trace over TLS; frames: " + seen);
      assertEquals(2500, trace.get("length").asInt());
      socket.sendClose(WebSocket.NORMAL_CLOSURE, "done").join();
    }
  }
}
