package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SubscriptionInfo;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.config.ConfigLoader;
import org.junit.jupiter.api.Test;

/** The Instrument Element publishes to a broker running in another process. */
class ExternalBrokerIT {
  static final Duration WAIT = Duration.ofSeconds(60);

  @Test
  void publishesToASeparatelyStartedBroker() throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process broker =
        new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                StandaloneBroker.class.getName())
            .redirectErrorStream(true)
            .start();
    try {
      BufferedReader out =
          new BufferedReader(
              new InputStreamReader(broker.getInputStream(), StandardCharsets.UTF_8));
      int port = -1;
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith("READY ")) {
          port = Integer.parseInt(line.substring(6).trim());
          break;
        }
      }
      assertTrue(port > 0, "the external broker did not start");
      String url = "tcp://127.0.0.1:" + port;
      try (RunningElement running =
          RunningElement.of(
              RunningElement.freePorts(
                  ConfigLoader.load(
                      List.of("--broker.url=" + url, "--im.array2500.attribute.vector.period=20ms"),
                      Map.of())))) {
        assertNull(running.runtime.broker(), "no embedded broker");
        InstrumentElementPort ie = running.client();
        GetSubscriptionInfo q = new GetSubscriptionInfo();
        q.setIm("lab/array2500");
        q.setAttribute("vector");
        SubscriptionInfo info = ie.getSubscriptionInfo(q).getSubscription();
        assertEquals(url, info.getBrokerUrl());
        assertNull(info.getSubscribers(), "the IE cannot count subscribers on an external broker");
        try (AttributeSubscriber sub = AttributeSubscriber.connect(info.getBrokerUrl())) {
          Collector c = new Collector();
          sub.subscribe(ie, "lab/array2500", "vector", c);
          c.awaitCount(10, WAIT);
          assertEquals(2500, c.last().doubles().length);
        }
      }
    } finally {
      broker.getOutputStream().close();
      if (!broker.waitFor(20, TimeUnit.SECONDS)) {
        broker.destroyForcibly();
      }
    }
  }
}
