package org.instrumentelement.ie.war;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.ListInstrumentManagers;
import org.junit.jupiter.api.Test;

/**
 * The WAR deployed by Cargo into a Tomcat 11 distribution from Maven Central, configured by a file
 * outside the WAR (system property ie.config), driven through its SOAP API.
 */
class WarDeploymentIT {
  static final String BASE = "http://localhost:" + System.getProperty("it.http.port") + "/ie";

  @Test
  void servesTheSoapApiFromAStandaloneTomcat() throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    HttpResponse<String> wsdl =
        http.send(
            HttpRequest.newBuilder(URI.create(BASE + "/services/InstrumentElement?wsdl")).build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, wsdl.statusCode());
    assertTrue(wsdl.body().contains("getAttribute"));

    InstrumentElementPort ie =
        InstrumentElementClient.connect(
            BASE + "/services/InstrumentElement", "observer", "observer");
    assertEquals(
        "array",
        ie.listInstrumentManagers(new ListInstrumentManagers())
            .getInstrumentManager()
            .get(0)
            .getPath(),
        "the IMs of the external configuration file, not the built-in lab");
    GetAttribute g = new GetAttribute();
    g.setIm("array");
    g.setAttribute("vector");
    assertEquals(2500, InstrumentElementClient.vector(ie.getAttribute(g).getValue()).length);
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm("array");
    q.setAttribute("vector");
    assertEquals(
        "tcp://localhost:" + System.getProperty("it.broker.port"),
        ie.getSubscriptionInfo(q).getSubscription().getBrokerUrl());
    assertEquals("ie.war.array.vector", ie.getSubscriptionInfo(q).getSubscription().getTopic());

    assertEquals(
        200,
        http.send(
                HttpRequest.newBuilder(URI.create(BASE + "/health/live")).build(),
                HttpResponse.BodyHandlers.ofString())
            .statusCode());
    assertTrue(
        http.send(
                HttpRequest.newBuilder(URI.create(BASE + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString())
            .body()
            .contains("ie_im_state"));
  }

  /** The request gate comes with the WAR: the same refusals before a body is read. */
  @Test
  void theRequestGateGuardsTheServiceInTheWar() throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    String endpoint = BASE + "/services/InstrumentElement";
    String basic =
        "Basic " + Base64.getEncoder().encodeToString("observer:observer".getBytes(UTF_8));
    HttpResponse<String> plain =
        http.send(
            HttpRequest.newBuilder(URI.create(endpoint))
                .header("Content-Type", "text/plain")
                .header("Authorization", basic)
                .POST(HttpRequest.BodyPublishers.ofString("<x/>"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(415, plain.statusCode(), plain.body());
    HttpResponse<String> get =
        http.send(
            HttpRequest.newBuilder(URI.create(endpoint)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(405, get.statusCode(), get.body());
    assertTrue(get.body().contains("<code>MALFORMED_REQUEST</code>"), get.body());
    URI uri = URI.create(endpoint);
    String head =
        "POST "
            + uri.getPath()
            + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/xml\r\nContent-Length: 16000296\r\n";
    // A stranger's 16 MB request is answered from its headers alone.
    try (Socket s = new Socket(uri.getHost(), uri.getPort())) {
      s.setSoTimeout(10_000);
      s.getOutputStream().write((head + "\r\n").getBytes(UTF_8));
      String answer = new String(s.getInputStream().readAllBytes(), UTF_8);
      assertTrue(answer.startsWith("HTTP/1.1 401"), answer);
      assertTrue(answer.contains("<code>NOT_AUTHENTICATED</code>"), answer);
    }
    // An admitted body that does not come in time gets the deadline's fault (2 s here).
    try (Socket s = new Socket(uri.getHost(), uri.getPort())) {
      s.setSoTimeout(30_000);
      s.getOutputStream()
          .write(
              (head.replace("16000296", "2000") + "Authorization: " + basic + "\r\n\r\n")
                  .getBytes(UTF_8));
      String answer = new String(s.getInputStream().readAllBytes(), UTF_8);
      assertTrue(answer.startsWith("HTTP/1.1 408"), answer);
      assertTrue(answer.contains("<code>REQUEST_TIMEOUT</code>"), answer);
    }
  }
}
