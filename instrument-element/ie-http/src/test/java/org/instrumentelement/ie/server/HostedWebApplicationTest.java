package org.instrumentelement.ie.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.instrumentelement.ie.config.ConfigException;
import org.junit.jupiter.api.Test;

/** Where a hosted web application is served, and which keys it is handed. */
class HostedWebApplicationTest {
  private final HostedWebApplication portal =
      new HostedWebApplication("portal", "x.PortalInitializer", "/vcr", null);

  @Test
  void itGetsItsOwnKeysOnly() {
    assertEquals(
        Map.of("portal.pollPeriod", "1s"),
        portal.keys(Map.of("portal.pollPeriod", "1s", "portalx.a", "b", "other.c", "d")));
  }

  @Test
  void itIsServedAtItsDefaultPathUnlessItsKeySaysOtherwise() throws Exception {
    assertEquals("/vcr", portal.contextPath(Map.of(), "/ie"));
    assertEquals("/lab", portal.contextPath(Map.of("portal.contextPath", "/lab"), "/ie"));
    assertNull(portal.contextPath(Map.of("portal.contextPath", "off"), "/ie"));
  }

  @Test
  void aPathThatIsNoneOrTheServicesIsRefusedWithTheKey() {
    for (String bad : new String[] {"vcr", "/vcr/", "/ie"}) {
      ConfigException e =
          assertThrows(
              ConfigException.class,
              () -> portal.contextPath(Map.of("portal.contextPath", bad), "/ie"));
      assertTrue(e.getMessage().startsWith("portal.contextPath must be"), e.getMessage());
    }
  }
}
