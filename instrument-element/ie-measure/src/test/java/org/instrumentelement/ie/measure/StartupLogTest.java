package org.instrumentelement.ie.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
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

  @Test
  void withAKeystoreFindsTheTlsAndThePlainLoopbackBroker() {
    StartupLog log = new StartupLog();
    assertFalse(
        log.accept("INFO  SOAP endpoint: https://localhost:40123/ie/services/InstrumentElement"));
    assertFalse(
        log.accept("INFO  Embedded broker over TLS: ssl://localhost:40125 (STOMP off, MQTT off)"));
    assertTrue(
        log.accept(
            "INFO  Embedded broker, plain, for this machine only: tcp://127.0.0.1:40124 (STOMP"
                + " off, MQTT off)"));
    assertEquals(URI.create("ssl://localhost:40125"), log.brokerTls());
    assertEquals(URI.create("tcp://127.0.0.1:40124"), log.broker());
  }

  @Test
  void withoutPlainConnectorsTheBrokerIsTlsOnly() {
    StartupLog log = new StartupLog();
    log.accept("INFO  SOAP endpoint: https://localhost:40123/ie/services/InstrumentElement");
    assertFalse(
        log.accept("INFO  Embedded broker over TLS: ssl://localhost:40125 (STOMP off, MQTT off)"));
    assertTrue(log.accept("INFO  Embedded broker: no plain connectors (broker.plain = off)"));
    assertNull(log.broker());
    assertEquals(URI.create("ssl://localhost:40125"), log.brokerTls());
  }

  @Test
  void aPlainBrokerForOtherMachinesIsFoundInItsWarning() {
    StartupLog log = new StartupLog();
    log.accept("INFO  SOAP endpoint: https://lab:40123/ie/services/InstrumentElement");
    assertTrue(
        log.accept(
            "WARN  Embedded broker, plain, on 0.0.0.0 (broker.plain = on): passwords and values"
                + " travel in clear on tcp://0.0.0.0:40124 (STOMP off, MQTT off)"));
    assertEquals(URI.create("tcp://0.0.0.0:40124"), log.broker());
  }
}
