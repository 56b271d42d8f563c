package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.instrumentelement.ie.client.soap.GetState;

/** What "the IE is healthy" means after an attack: SOAP answers, and readiness says ready. */
final class Healthy {
  private Healthy() {}

  static void assertHealthy(RunningElement running) throws Exception {
    GetState g = new GetState();
    g.setIm("lab/scope");
    assertEquals("RUNNING", running.client().getState(g).getState(), "SOAP answers");
    HttpResponse<String> ready =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(healthUrl(running)))
                    .timeout(Duration.ofSeconds(10))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertEquals(200, ready.statusCode(), "ready: " + ready.body());
  }

  static String healthUrl(RunningElement running) {
    String url = running.url();
    return url.substring(0, url.indexOf("/services/")) + "/health/ready";
  }
}
