package org.instrumentelement.portal.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The portal's keys: their defaults, and what a hosting IE's facts change about them. */
class PortalKeysTest {
  private static final String LOCAL = "https://localhost:8443/ie/services/InstrumentElement";

  @Test
  void theHostingIeReadsTheSameDefaultPathAsThePortalDeclares() throws Exception {
    Properties descriptor = new Properties();
    try (InputStream in =
        PortalKeys.class.getResourceAsStream(
            "/META-INF/instrument-element/web-application.properties")) {
      assertNotNull(in, "the descriptor the IE reads");
      descriptor.load(in);
    }
    assertEquals(PortalKeys.CONTEXT_PATH.defaultText(), descriptor.getProperty("contextPath"));
  }

  @Test
  void withTheHostsDevelopmentUsersThePortalIsTheirObserverUnlessTold() throws Exception {
    PortalConfigLoader.Host host = new PortalConfigLoader.Host("lab", LOCAL, true, null, null);
    PortalConfig c = PortalConfigLoader.resolve(Map.of(), Map.of(), Map.of(), host);
    assertEquals("observer", c.elements().get(0).serviceUser());
    assertEquals("observer", c.elements().get(0).servicePassword());
    PortalConfig told =
        PortalConfigLoader.resolve(
            Map.of(), Map.of("IE_PORTAL_SERVICEUSER", "svc"), Map.of(), host);
    assertEquals("svc", told.elements().get(0).serviceUser());
    PortalConfig production =
        PortalConfigLoader.resolve(
            Map.of(),
            Map.of(),
            Map.of(),
            new PortalConfigLoader.Host("lab", LOCAL, false, null, null));
    assertEquals(null, production.elements().get(0).serviceUser());
  }

  @Test
  void aBadContextPathIsThePortalsToRefuse() {
    PortalConfigException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            PortalConfigException.class,
            () ->
                PortalConfigLoader.resolve(
                    Map.of("portal.contextPath", "vcr"), Map.of(), Map.of(), "lab", LOCAL));
    assertTrue(e.getMessage().contains("portal.contextPath"), e.getMessage());
  }
}
