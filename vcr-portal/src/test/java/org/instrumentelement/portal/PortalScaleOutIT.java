package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.ConfigureSampling;
import org.junit.jupiter.api.Test;

/**
 * Two portal instances sharing one IE, as behind a proxy: the one the IE serves and {@code vcr.war}
 * in a Tomcat of its own. Each subscribes once per trace, whatever the number of its browsers, and
 * both show the same values.
 */
class PortalScaleOutIT {
  private static final String TOPIC = "ie.ie.lab.scope.waveform";

  @Test
  void twoPortalsShareOneIeEachWithOneSubscriptionPerTrace() throws Exception {
    assumeTrue(Files.exists(StandalonePortal.WAR), "target/vcr.war is built in the package phase");
    List<LiveViewer> first = new ArrayList<>();
    List<LiveViewer> second = new ArrayList<>();
    try (PortalLab lab = PortalLab.withPortal(Map.of());
        StandalonePortal other =
            StandalonePortal.start(
                Map.of(
                    "portal.ie.ie.url", lab.soapUrl(),
                    "portal.serviceUser", "observer",
                    "portal.servicePassword", "observer",
                    "portal.pollPeriod", "500ms"))) {
      ConfigureSampling c = new ConfigureSampling();
      c.setIm("lab/scope");
      c.setAttribute("waveform");
      c.setSamplingPeriodMillis(50L);
      InstrumentElementClient.connect(lab.soapUrl(), "admin", "admin").configureSampling(c);
      for (int i = 0; i < 3; i++) {
        first.add(LiveViewer.watch(lab.portalUrl(), "ie", "json", 800, 2, true, () -> 0));
        second.add(LiveViewer.watch(other.url(), "ie", "json", 800, 2, true, () -> 0));
      }
      await(
          () -> first.stream().allMatch(v -> v.lastSeq() >= 20),
          "the IE's portal's viewers see values");
      long target = first.get(0).lastSeq() + 10;
      await(
          () ->
              first.stream().allMatch(v -> v.lastSeq() >= target)
                  && second.stream().allMatch(v -> v.lastSeq() >= target),
          "every viewer of both portals shows value " + target);

      assertEquals(
          2,
          lab.runtime.broker().subscribers(TOPIC),
          "one subscription per portal, not per browser");
      // The same value looks the same through either portal.
      Map<Long, String> viaFirst = new HashMap<>();
      first.get(0).frames().forEach(r -> viaFirst.put(r.seq(), r.json().get("y").toString()));
      long common = 0;
      for (LiveViewer.Received r : second.get(0).frames()) {
        String y = viaFirst.get(r.seq());
        if (y != null) {
          assertEquals(y, r.json().get("y").toString(), "value " + r.seq());
          common++;
        }
      }
      assertTrue(common > 0, "both portals showed some of the same values");

      second.forEach(LiveViewer::close);
      try {
        await(
            () -> lab.runtime.broker().subscribers(TOPIC) == 1,
            "the second portal unsubscribes when its last browser leaves");
      } catch (AssertionError e) {
        throw new AssertionError(
            e.getMessage()
                + "; subscribers "
                + lab.runtime.broker().subscribers(TOPIC)
                + "; first portal "
                + traces(lab.portalUrl())
                + "; second portal "
                + traces(other.url()),
            e);
      }
    } finally {
      first.forEach(LiveViewer::close);
      second.forEach(LiveViewer::close);
    }
  }

  private static String traces(String portal) {
    try {
      return java.net.http.HttpClient.newHttpClient()
          .send(
              java.net.http.HttpRequest.newBuilder(java.net.URI.create(portal + "api/traces"))
                  .header("Cookie", LiveViewer.signIn(portal, "observer"))
                  .build(),
              java.net.http.HttpResponse.BodyHandlers.ofString())
          .body();
    } catch (Exception e) {
      return e.toString();
    }
  }

  private static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within 60 s: " + what);
      }
      TimeUnit.MILLISECONDS.sleep(20);
    }
  }
}
