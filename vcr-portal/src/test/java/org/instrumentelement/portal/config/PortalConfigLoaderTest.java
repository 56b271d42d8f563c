package org.instrumentelement.portal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PortalConfigLoaderTest {
  private static final String LOCAL = "http://localhost:8080/ie/services/InstrumentElement";

  @Test
  void defaultsShowTheHostingIe() throws Exception {
    PortalConfig c = PortalConfigLoader.resolve(Map.of(), Map.of(), Map.of(), "lab", LOCAL);
    assertEquals(List.of(new PortalConfig.ElementEndpoint("lab", LOCAL, null, null)), c.elements());
    assertEquals(Duration.ofSeconds(2), c.pollPeriod());
    assertEquals(Duration.ofSeconds(15), c.ieTimeout());
    assertEquals(Duration.ofMinutes(10), c.downloadTimeout());
    assertEquals(Duration.ofSeconds(10), c.traceRecheckPeriod());
    assertEquals(Duration.ofSeconds(30), c.traceResyncTimeout());
    assertEquals(2000, c.traceMaxPoints());
    assertEquals(20, c.traceMaxRate());
  }

  @Test
  void browsingMdnsIsOffUnlessTurnedOn() throws Exception {
    assertFalse(
        PortalConfigLoader.resolve(Map.of(), Map.of(), Map.of(), "lab", LOCAL).mdnsBrowse());
    assertTrue(
        PortalConfigLoader.resolve(
                Map.of("portal.mdns.browse", "on"), Map.of(), Map.of(), "lab", LOCAL)
            .mdnsBrowse());
    PortalConfigException e =
        assertThrows(
            PortalConfigException.class,
            () ->
                PortalConfigLoader.resolve(
                    Map.of("portal.mdns.browse", "yes"), Map.of(), Map.of(), "lab", LOCAL));
    assertTrue(e.getMessage().contains("portal.mdns.browse must be on or off"), e.getMessage());
  }

  @Test
  void parametersBeatTheEnvironmentWhichBeatsTheFile() throws Exception {
    Map<String, String> file =
        Map.of(
            "portal.pollPeriod", "5s",
            "portal.trace.maxRate", "5",
            "portal.trace.maxPoints", "500",
            "portal.ie.annex.url", "http://annex:8080/ie/services/InstrumentElement");
    Map<String, String> env =
        Map.of(
            "IE_PORTAL_POLLPERIOD",
            "3s",
            "IE_PORTAL_TRACE_MAXRATE",
            "7",
            "IE_PORTAL_SERVICEUSER",
            "svc");
    Map<String, String> params = Map.of("portal.pollPeriod", "700ms");
    PortalConfig c = PortalConfigLoader.resolve(params, env, file, "lab", LOCAL);
    assertEquals(Duration.ofMillis(700), c.pollPeriod());
    assertEquals(7, c.traceMaxRate());
    assertEquals(500, c.traceMaxPoints());
    assertEquals(List.of("lab", "annex"), c.elements().stream().map(e -> e.name()).toList());
    assertEquals(
        "svc", c.elements().get(1).serviceUser(), "the global service account applies to every IE");
  }

  @Test
  void eachIeMayHaveItsOwnServiceAccount() throws Exception {
    PortalConfig c =
        PortalConfigLoader.resolve(
            Map.of(
                "portal.serviceUser", "portal",
                "portal.servicePassword", "p1",
                "portal.ie.annex.url", "http://annex:8080/ie/services/InstrumentElement",
                "portal.ie.annex.serviceUser", "annex-portal",
                "portal.ie.annex.servicePassword", "p2"),
            Map.of(),
            Map.of(),
            "lab",
            LOCAL);
    assertEquals(
        new PortalConfig.ElementEndpoint("lab", LOCAL, "portal", "p1"), c.elements().get(0));
    assertEquals("annex-portal", c.elements().get(1).serviceUser());
    assertEquals("p2", c.elements().get(1).servicePassword());
    assertTrue(
        message(Map.of("portal.ie.x.serviceUser", "u")).contains("portal.ie.x.url is missing"));
  }

  @Test
  void theHostingIeCanBeLeftOut() throws Exception {
    PortalConfig c =
        PortalConfigLoader.resolve(
            Map.of("portal.localIe", "false", "portal.ie.a.url", "http://a:1/ie/services/x"),
            Map.of(),
            Map.of(),
            "lab",
            LOCAL);
    assertEquals(List.of("a"), c.elements().stream().map(e -> e.name()).toList());
  }

  @Test
  void mistakesNameTheKey() {
    assertTrue(
        message(Map.of("portal.pollperiod", "1s")).contains("unknown configuration key"),
        "case matters");
    assertTrue(message(Map.of("portal.ie.x.url", "ftp://x")).contains("portal.ie.x.url"));
    assertTrue(message(Map.of("portal.ie.lab.url", "http://x:1/")).contains("hosting IE"));
    assertTrue(message(Map.of("portal.trace.maxRate", "0")).contains("portal.trace.maxRate"));
    assertTrue(message(Map.of("portal.pollPeriod", "soon")).contains("portal.pollPeriod"));
    assertEquals(
        "portal.trustStore: the trust store nowhere.p12 does not exist",
        message(Map.of("portal.trustStore", "nowhere.p12")));
  }

  private static String message(Map<String, String> params) {
    return assertThrows(
            PortalConfigException.class,
            () -> PortalConfigLoader.resolve(params, Map.of(), Map.of(), "lab", LOCAL))
        .getMessage();
  }
}
