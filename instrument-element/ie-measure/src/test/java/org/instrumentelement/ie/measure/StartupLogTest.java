package org.instrumentelement.ie.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import org.junit.jupiter.api.Test;

class StartupLogTest {

  @Test
  void findsTheEndpointAndTheBrokerInTheLinesTheIeLogs() {
    StartupLog log = new StartupLog();
    assertFalse(log.accept("14:02:11 INFO  Instrument Element 'ie' serving 5 Instrument Managers"));
    assertFalse(
        log.accept(
            "14:02:11 INFO  SOAP endpoint: http://localhost:40123/ie/services/InstrumentElement"));
    assertFalse(
        log.accept("14:02:11 INFO  WSDL:          http://localhost:40123/ie/services/x?wsdl"));
    assertTrue(
        log.accept("14:02:11 INFO  Embedded broker: tcp://localhost:40124 (STOMP off, MQTT off)"));
    assertEquals(
        URI.create("http://localhost:40123/ie/services/InstrumentElement"), log.endpoint());
    assertEquals(URI.create("tcp://localhost:40124"), log.broker());
  }
}
