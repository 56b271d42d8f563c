package org.instrumentelement.ie.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How the viewers read a JSON frame's time without parsing the whole frame. */
class PortalViewersTest {
  @Test
  void aFrameSaysWhenItsValueWasAcquired() {
    String frame =
        "{\"type\":\"trace\",\"seq\":42,\"acquired\":\"2026-11-23T13:52:10.443715Z\","
            + "\"acquiredMillis\":1.7639059304437151E12,\"y\":[1.0]}";
    assertEquals(1.7639059304437151E12, PortalViewers.acquiredMillis(frame));
    assertEquals(42, PortalViewers.number(frame, "\"seq\":"));
  }

  @Test
  void anOlderPortalsFrameGivesTheInstant() {
    String frame = "{\"seq\":7,\"acquired\":\"2026-11-23T13:52:10.443715Z\",\"y\":[]}";
    assertEquals(1_795_441_930_443.715, PortalViewers.acquiredMillis(frame), 1e-6);
  }

  @Test
  void aFrameWithoutATimeIsNotANumber() {
    assertTrue(Double.isNaN(PortalViewers.acquiredMillis("{\"status\":\"subscribing\"}")));
  }
}
