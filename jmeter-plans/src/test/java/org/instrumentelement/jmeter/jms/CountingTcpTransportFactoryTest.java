package org.instrumentelement.jmeter.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CountingTcpTransportFactoryTest {

  @Test
  void countsOnAPlainTcpUrl() {
    assertEquals(
        "countingtcp://localhost:61616",
        CountingTcpTransportFactory.counting("tcp://localhost:61616"));
    assertEquals(
        "countingtcp://h:1?x=y", CountingTcpTransportFactory.counting("failover:(tcp://h:1?x=y)"));
  }

  @Test
  void countsOverTls() {
    assertEquals(
        "countingssl://localhost:61617",
        CountingTcpTransportFactory.counting("ssl://localhost:61617"));
    assertEquals(
        "countingssl://h:1?x=y", CountingTcpTransportFactory.counting("failover:(ssl://h:1?x=y)"));
  }

  @Test
  void refusesWhatItCannotCount() {
    assertThrows(
        IllegalArgumentException.class,
        () -> CountingTcpTransportFactory.counting("failover:(tcp://a:1,tcp://b:1)"));
    assertThrows(
        IllegalArgumentException.class, () -> CountingTcpTransportFactory.counting("nio://h:1"));
  }
}
