package org.instrumentelement.ie.measure.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class LinkShapeTest {
  @Test
  void readsRateAndRoundTripAsTcWritesThem() {
    LinkShape s = LinkShape.parse("10mbit:50ms");
    assertEquals(10_000_000, s.bitsPerSecond());
    assertEquals(Duration.ofMillis(50), s.roundTrip());
    assertEquals(Duration.ofMillis(25), s.oneWayDelay());
    assertEquals("10mbit:50ms", s.toString());
    assertEquals("10mbit-50ms", s.fileName());
    assertEquals("100mbit:20ms", LinkShape.parse("100Mbit:20ms").toString());
    assertEquals("512kbit:1500us", LinkShape.parse("512kbit:1.5ms").toString());
    assertEquals(Duration.ofSeconds(1), LinkShape.parse("1gbit:1s").roundTrip());
  }

  @Test
  void refusesOtherFormsAndSaysWhichFormItTakes() {
    for (String bad : new String[] {"10mbit", "50ms", "10mb:50ms", "fast", "0mbit:5ms", ""}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> LinkShape.parse(bad), bad);
      assertTrue(e.getMessage().contains("rate"), e.getMessage());
    }
  }
}
