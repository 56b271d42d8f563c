package org.instrumentelement.portal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/**
 * Portals in one JVM share what the SOAP client shares between ports of the same settings (CXF
 * keeps one JDK HTTP client per set of settings): a portal that stops, with its IE and while its
 * users sign in, must leave another portal's calls to the same IE as they were. Each sign-in asks
 * the IE with the portal's {@code portal.ieTimeout} of 2 s.
 */
class PortalsInOneJvmIT {
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @Test
  void stoppingOnePortalLeavesAnotherSigningIn() throws Exception {
    Path target = Files.createDirectories(Path.of("target"));
    Map<String, String> users = new LinkedHashMap<>();
    users.put("portal", "grants = observe:*"); // the portals' service account
    users.put("scopes", "grants = observe:lab/scope");
    Path file = TestUsers.write(Files.createTempFile(target, "users", ".properties"), users);
    Map<String, String> config = new LinkedHashMap<>();
    config.put("security.users", file.toString());
    config.put("login.throttle", "false");
    config.put("portal.serviceUser", "portal");
    config.put("portal.servicePassword", "portal");
    config.put("portal.ieTimeout", "2s");
    try (PortalLab home = PortalLab.withPortal(config)) {
      Map<String, String> elsewhere = new LinkedHashMap<>(config);
      elsewhere.put("portal.localIe", "false");
      elsewhere.put("portal.ie.lab.url", home.soapUrl());
      PortalLab other = PortalLab.withPortal(elsewhere);
      assertEquals(200, signIn(other.portalUrl()).statusCode(), "through the other portal");
      assertEquals(200, signIn(home.portalUrl()).statusCode(), "through the IE's own portal");
      // The other portal stops (with its IE) while its users sign in, its calls in progress.
      AtomicBoolean stop = new AtomicBoolean();
      Thread busy =
          new Thread(
              () -> {
                while (!stop.get()) {
                  try {
                    signIn(other.portalUrl());
                  } catch (Exception gone) {
                    // the other portal has stopped
                  }
                }
              });
      busy.start();
      Thread.sleep(500);
      other.close();
      stop.set(true);
      busy.join();
      List<String> refused = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        HttpResponse<String> r = signIn(home.portalUrl());
        if (r.statusCode() != 200) {
          refused.add(i + ": " + r.statusCode() + " " + r.body());
        }
      }
      assertEquals(List.of(), refused, "sign-ins after the other portal stopped");
    }
  }

  private static HttpResponse<String> signIn(String portalUrl) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(portalUrl + "api/signin"))
            .header("Content-Type", "application/json")
            .timeout(Duration.ofSeconds(30))
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    "{\"user\":\"scopes\",\"password\":\"scopes\"}"))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
