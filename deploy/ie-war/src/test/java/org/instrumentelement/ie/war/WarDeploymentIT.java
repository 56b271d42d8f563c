package org.instrumentelement.ie.war;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
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
}
