package org.instrumentelement.portal.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import javax.xml.datatype.DatatypeFactory;
import org.junit.jupiter.api.Test;

class XmlDateTimeTest {
  @Test
  void keepsTheArchivesMicroseconds() {
    Instant t = Instant.parse("2026-11-28T10:00:00.123456Z");
    assertEquals(t, XmlDateTime.instant(XmlDateTime.of(t)));
    assertEquals(1_795_860_000_123.456, XmlDateTime.millis(XmlDateTime.of(t)), 1e-4);
  }

  @Test
  void readsOffsetsAndTimesWithoutAZoneAsUtc() throws Exception {
    DatatypeFactory f = DatatypeFactory.newInstance();
    assertEquals(
        Instant.parse("2026-11-28T09:00:00.5Z"),
        XmlDateTime.instant(f.newXMLGregorianCalendar("2026-11-28T10:00:00.5+01:00")));
    assertEquals(
        Instant.parse("2026-11-28T10:00:00Z"),
        XmlDateTime.instant(f.newXMLGregorianCalendar("2026-11-28T10:00:00")));
    assertEquals(
        Instant.parse("1969-12-31T23:59:59.25Z"),
        XmlDateTime.instant(f.newXMLGregorianCalendar("1969-12-31T23:59:59.25Z")));
  }
}
