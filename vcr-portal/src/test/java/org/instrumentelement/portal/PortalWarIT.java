package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.catalina.Context;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.scan.StandardJarScanner;
import org.junit.jupiter.api.Test;

/**
 * {@code target/vcr.war} deployed alone in a Tomcat of its own, configured by context parameters,
 * reaching an IE elsewhere: the container finds the portal's initializer in the WAR itself.
 */
class PortalWarIT {
  private static final Path WAR = Path.of("target", "vcr.war");

  @Test
  void theWarDeploysAloneAndReachesAnIe() throws Exception {
    assumeTrue(Files.exists(WAR), "target/vcr.war is built in the package phase");
    Path base = Files.createTempDirectory("vcr-war");
    Tomcat tomcat = new Tomcat();
    try (PortalLab ie = PortalLab.plain("lab", 0)) {
      tomcat.setBaseDir(base.toString());
      tomcat.setPort(0);
      tomcat.getConnector().setProperty("address", "127.0.0.1");
      tomcat.getHost().setAppBase(base.toString());
      tomcat.setAddDefaultWebXmlToWebapp(false);
      Context ctx = tomcat.addWebapp("/vcr", WAR.toAbsolutePath().toString());
      // The WAR carries its libraries; the test's own class path is not the webapp's to scan.
      StandardJarScanner scanner = new StandardJarScanner();
      scanner.setScanClassPath(false);
      ctx.setJarScanner(scanner);
      ctx.addParameter("portal.ie.lab.url", ie.soapUrl());
      // The portal's own account on that IE (its development observer) for polling.
      ctx.addParameter("portal.serviceUser", "observer");
      ctx.addParameter("portal.servicePassword", "observer");
      ctx.addParameter("portal.pollPeriod", "500ms");
      tomcat.start();
      assertTrue(ctx.getState().isAvailable(), "the portal context started");

      String portal = "http://127.0.0.1:" + tomcat.getConnector().getLocalPort() + "/vcr/";
      HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager()).build();
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
      JsonNode lab = null;
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (System.nanoTime() < deadline) {
        String tree =
            http.send(
                    HttpRequest.newBuilder(URI.create(portal + "api/tree")).build(),
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
    } finally {
      tomcat.stop();
      tomcat.destroy();
      try (var walk = Files.walk(base)) {
        walk.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
      }
    }
  }
}
