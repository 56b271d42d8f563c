package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetStatus;
import org.instrumentelement.ie.client.soap.ImStatus;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.OperationStatus;
import org.instrumentelement.ie.client.soap.StatusInfo;
import org.junit.jupiter.api.Test;

/** Liveness, readiness, Prometheus metrics and getStatus on a running Instrument Element. */
class MonitoringIT {

  static HttpResponse<String> get(String url) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
  }

  static double metric(String scrape, String pattern) {
    Matcher m = Pattern.compile("(?m)^" + pattern + " ([0-9.eE+-]+)$").matcher(scrape);
    assertTrue(m.find(), "no metric " + pattern);
    return Double.parseDouble(m.group(1));
  }

  @Test
  void healthMetricsAndStatusDescribeTheRunningElement() throws Exception {
    try (RunningElement running = RunningElement.mockLab()) {
      String base = running.url().replace("/services/InstrumentElement", "");
      assertEquals(200, get(base + "/health/live").statusCode());
      long deadline = System.nanoTime() + 30_000_000_000L;
      while (get(base + "/health/ready").statusCode() != 200) {
        assertTrue(System.nanoTime() < deadline, "never ready");
        Thread.onSpinWait();
      }
      assertTrue(get(base + "/health/ready").body().contains("\"brokerConnected\":true"));

      InstrumentElementPort ie = running.client();
      GetAttribute g = new GetAttribute();
      g.setIm("lab/array2500");
      g.setAttribute("vector");
      for (int i = 0; i < 5; i++) {
        ie.getAttribute(g);
      }
      g.setAttribute("nothing");
      try {
        ie.getAttribute(g);
      } catch (Exception expected) {
        // counted as a fault
      }

      String scrape = get(base + "/metrics").body();
      assertEquals(
          1.0,
          metric(scrape, "ie_im_state\\{im=\"lab/scope\",state=\"RUNNING\"\\}"),
          "scope running");
      assertEquals(0.0, metric(scrape, "ie_im_state\\{im=\"lab/scope\",state=\"ERROR\"\\}"));
      assertEquals(1.0, metric(scrape, "ie_im_connected\\{im=\"lab/array2500\"\\}"));
      assertEquals(1.0, metric(scrape, "ie_broker_connected"));
      assertTrue(
          metric(
                  scrape,
                  "ie_soap_requests_seconds_count\\{operation=\"getAttribute\",outcome=\"OK\"\\}")
              >= 5);
      assertEquals(
          1.0,
          metric(
              scrape,
              "ie_soap_requests_seconds_count\\{operation=\"getAttribute\",outcome=\"UNKNOWN_ATTRIBUTE\"\\}"));
      assertTrue(metric(scrape, "ie_process_cpu_time_seconds_total") > 0);
      assertTrue(
          metric(
                  scrape,
                  "ie_subscription_published_total\\{attribute=\"waveform\",im=\"lab/scope\",topic=\"ie.ie.lab.scope.waveform\"\\}")
              >= 1);
      assertTrue(scrape.contains("jvm_memory_used_bytes"));

      StatusInfo st = ie.getStatus(new GetStatus()).getStatus();
      assertTrue(st.isReady());
      assertTrue(st.isBrokerConnected());
      assertTrue(st.getProcessCpuMillis() > 0);
      assertEquals(4, st.getInstrumentManager().size());
      ImStatus scope =
          st.getInstrumentManager().stream()
              .filter(i -> i.getPath().equals("lab/scope"))
              .findFirst()
              .get();
      assertEquals("RUNNING", scope.getState());
      assertTrue(scope.isConnected());
      OperationStatus get =
          st.getOperation().stream()
              .filter(o -> o.getOperation().equals("getAttribute"))
              .findFirst()
              .get();
      assertEquals(6, get.getRequests());
      assertEquals(1, get.getFaults());
      assertTrue(get.getMeanMillis() > 0);
    }
  }
}
