package org.instrumentelement.portal.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.instrumentelement.portal.ie.PortalError;
import org.junit.jupiter.api.Test;

class TrendRequestTest {
  private static final Instant NOW = Instant.parse("2026-11-28T12:00:00Z");

  private static TrendRequest parse(String... fields) throws PortalError {
    Map<String, String> m = new HashMap<>(Map.of("im", "lab/scope", "attribute", "peakToPeak"));
    for (int i = 0; i < fields.length; i += 2) {
      m.put(fields[i], fields[i + 1]);
    }
    return TrendRequest.parse(m::get, NOW);
  }

  private static String refused(String... fields) {
    PortalError e = assertThrows(PortalError.class, () -> parse(fields));
    assertEquals(400, e.httpStatus());
    assertEquals("BAD_REQUEST", e.code());
    return e.item();
  }

  @Test
  void aSpanEndsNowAndNoRangeIsTheLastHour() throws Exception {
    TrendRequest q = parse("span", "PT10M");
    assertEquals(NOW, q.to());
    assertEquals(NOW.minus(Duration.ofMinutes(10)), q.from());
    assertEquals(TrendRequest.DEFAULT_POINTS, q.points());
    assertEquals(TrendRequest.Raw.AUTO, q.raw());
    assertEquals(NOW.minus(Duration.ofDays(7)), parse("span", "P7D").from());
    TrendRequest none = parse();
    assertEquals(NOW.minus(Duration.ofHours(1)), none.from());
    assertEquals(NOW, none.to());
  }

  @Test
  void anExplicitRangeKeepsItsMicroseconds() throws Exception {
    TrendRequest q =
        parse(
            "from", "2026-11-28T10:00:00.000001Z",
            "to", "2026-11-28T11:00:00.5+01:00",
            "points", "800",
            "raw", "false");
    assertEquals(Instant.parse("2026-11-28T10:00:00.000001Z"), q.from());
    assertEquals(Instant.parse("2026-11-28T10:00:00.5Z"), q.to());
    assertEquals(800, q.points());
    assertEquals(TrendRequest.Raw.NEVER, q.raw());
    assertEquals(NOW, parse("from", "2026-11-28T10:00:00Z").to());
  }

  @Test
  void aContinuationAsksForTheNextRawPage() throws Exception {
    TrendRequest q = parse("continuation", "abc", "span", "PT1H");
    assertEquals(TrendRequest.Raw.ALWAYS, q.raw());
    assertEquals("abc", q.continuation());
    assertNull(q.from());
  }

  @Test
  void wrongFieldsAreRefusedBeforeTheIeIsAsked() {
    assertEquals("points", refused("points", "0"));
    assertEquals("points", refused("points", "2001"));
    assertEquals("points", refused("points", "many"));
    assertEquals("span", refused("span", "10 minutes"));
    assertEquals("span", refused("span", "-PT1M"));
    assertEquals("span", refused("span", "PT1M", "from", "2026-11-28T10:00:00Z"));
    assertEquals("span", refused("span", "PT9999999999999H"));
    assertEquals("from", refused("from", "yesterday"));
    assertEquals("from", refused("from", "2026-11-28T10:00:00Z", "to", "2026-11-28T10:00:00Z"));
    assertEquals("raw", refused("raw", "maybe"));
    PortalError e =
        assertThrows(
            PortalError.class, () -> TrendRequest.parse(Map.of("im", "lab/scope")::get, NOW));
    assertEquals("attribute", e.item());
  }
}
