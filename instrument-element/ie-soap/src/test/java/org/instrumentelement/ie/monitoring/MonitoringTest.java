package org.instrumentelement.ie.monitoring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.element.InstrumentElement;
import org.junit.jupiter.api.Test;

/** Monitoring built alone: no runtime, no broker, no HTTP. */
class MonitoringTest {

  @Test
  void readinessIsWhatTheStatusSourceSays() {
    AtomicBoolean serving = new AtomicBoolean(false);
    AtomicBoolean broker = new AtomicBoolean(true);
    Monitoring m =
        new Monitoring(
            new StatusSource() {
              @Override
              public boolean serving() {
                return serving.get();
              }

              @Override
              public boolean brokerConnected() {
                return broker.get();
              }
            });
    assertTrue(m.live());
    assertFalse(m.ready(), "not ready before everything has started");
    serving.set(true);
    assertTrue(m.ready());
    broker.set(false);
    assertFalse(m.ready(), "not ready while subscribers would get nothing");
    assertFalse(m.brokerConnected());
    assertTrue(m.scrape().contains("ie_broker_connected 0.0"), "the gauge reads the source");
  }

  @Test
  void requestsAreCountedByOperationAndOutcome() {
    Monitoring m = new Monitoring(StatusSource.fixed(true, true));
    m.recordRequest("getAttribute", "OK", 2_000_000);
    m.recordRequest("getAttribute", "UNKNOWN_IM", 4_000_000);
    var operations = m.operations();
    assertEquals(1, operations.size());
    Monitoring.OperationFigures f = operations.get(0).getValue();
    assertEquals(2, f.requests());
    assertEquals(1, f.faults());
    assertEquals(3.0, f.meanMillis(), 1e-9);
    assertEquals(4.0, f.maxMillis(), 1e-9);
    assertTrue(
        m.scrape()
            .contains(
                "ie_soap_requests_seconds_count{operation=\"getAttribute\",outcome=\"UNKNOWN_IM\"}"
                    + " 1"));
  }

  @Test
  void instrumentManagersAreMeteredFromTheirTreeAlone() throws Exception {
    InstrumentElement ie = new InstrumentElement(ConfigLoader.load(List.of(), Map.of()));
    ie.start();
    try {
      Monitoring m = new Monitoring(StatusSource.fixed(true, true)).bind(new ImMeters(ie.nodes()));
      String scrape = m.scrape();
      assertTrue(scrape.contains("ie_im_state{im=\"lab/scope\",state=\"RUNNING\"} 1.0"), scrape);
      assertTrue(scrape.contains("ie_im_connected{im=\"lab/array2500\"} 1.0"), scrape);
    } finally {
      ie.close();
    }
  }
}
