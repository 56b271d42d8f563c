package org.instrumentelement.ie.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CpuTimelineTest {

  @Test
  void interpolatesAWindowBetweenReadings() {
    CpuTimeline t = new CpuTimeline();
    t.add(1000, 1.0);
    t.add(2000, 2.0);
    t.add(3000, 4.0);
    assertEquals(1.5, t.between(1500, 2500), 1e-9);
    assertEquals(3.0, t.between(1000, 3000), 1e-9);
  }

  @Test
  void aWindowOutsideTheReadingsIsUnknown() {
    CpuTimeline t = new CpuTimeline();
    t.add(1000, 1.0);
    t.add(2000, 2.0);
    assertTrue(Double.isNaN(t.between(500, 1500)));
    assertTrue(Double.isNaN(t.between(1500, 2500)));
  }

  @Test
  void unreadableReadingsAreLeftOut() {
    CpuTimeline t = new CpuTimeline();
    t.add(1000, 1.0);
    t.add(1500, Double.NaN);
    t.add(2000, 3.0);
    assertEquals(1.0, t.between(1000, 1500), 1e-9);
  }
}
