package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code target/vcr.war} deployed alone in a Tomcat of its own, configured by context parameters,
 * reaching an IE elsewhere: the container finds the portal's initializer in the WAR itself.
 */
class PortalWarIT {
  @Test
  void theWarDeploysAloneReachesAnIeAndLeavesNoThreadWhenStopped() throws Exception {
    assumeTrue(Files.exists(StandalonePortal.WAR), "target/vcr.war is built in the package phase");
    try (PortalLab ie = PortalLab.plain("lab", 0);
        StandalonePortal portal =
            StandalonePortal.start(
                Map.of(
                    "portal.ie.lab.url",
                    ie.soapUrl(),
                    // The portal's own account on that IE (its development observer) for polling.
                    "portal.serviceUser",
                    "observer",
                    "portal.servicePassword",
                    "observer",
                    "portal.pollPeriod",
                    "500ms"))) {
      assertTrue(portal.available(), "the portal context started");
      HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
      HttpResponse<String> signIn =
          http.send(
              HttpRequest.newBuilder(URI.create(portal.url() + "api/signin"))
                  .header("Content-Type", "application/json")
                  .POST(
                      HttpRequest.BodyPublishers.ofString(
                          "{\"user\":\"operator\",\"password\":\"operator\"}"))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertEquals(200, signIn.statusCode(), signIn.body());
      JsonNode lab = null;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (System.nanoTime() < deadline) {
        String tree =
            http.send(
                    HttpRequest.newBuilder(URI.create(portal.url() + "api/tree")).build(),
                    HttpResponse.BodyHandlers.ofString())
                .body();
        lab = new ObjectMapper().readTree(tree).get("elements").get(0);
        if (lab.get("reachable").asBoolean()) {
          break;
        }
        TimeUnit.MILLISECONDS.sleep(100); // polling the portal until its first poll of the IE
      }
      assertEquals("lab", lab.get("name").asText());
      assertTrue(lab.get("reachable").asBoolean(), lab.toString());
      assertTrue(lab.get("ims").toString().contains("lab/scope"), lab.toString());

      // Undeployed, the portal leaves no thread of its own behind: one would hold the WAR's
      // class loader (every class it loaded) until the container's JVM ends.
      ClassLoader war = portal.webappClassLoader();
      portal.stopContext();
      List<String> left = List.of();
      deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (System.nanoTime() < deadline) {
        left = threadsOf(war);
        if (left.isEmpty()) {
          break;
        }
        TimeUnit.MILLISECONDS.sleep(100); // threads told to stop may take a moment to end
      }
      assertEquals(List.of(), left, "threads of the undeployed portal still running");
    }
  }

  /** Live threads whose class or context class loader is {@code loader}. */
  private static List<String> threadsOf(ClassLoader loader) {
    List<String> names = new ArrayList<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.isAlive()
          && (t.getContextClassLoader() == loader || t.getClass().getClassLoader() == loader)) {
        names.add(t.getName());
      }
    }
    return names;
  }
}
