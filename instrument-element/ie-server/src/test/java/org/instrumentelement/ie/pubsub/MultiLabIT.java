package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.TransportConnector;
import org.apache.activemq.network.NetworkConnector;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.junit.jupiter.api.Test;

/**
 * Several labs: two Instrument Elements with their own names publish to one broker, and to a
 * network of two brokers, where a subscriber on one broker receives the other lab's values.
 */
class MultiLabIT {
  static final Duration WAIT = Duration.ofSeconds(60);

  static BrokerService broker(String name, String networkTo) throws Exception {
    BrokerService b = new BrokerService();
    b.setBrokerName(name);
    b.setPersistent(false);
    b.setUseJmx(false);
    b.addConnector("tcp://127.0.0.1:0");
    if (networkTo != null) {
      NetworkConnector n = b.addNetworkConnector("static:(" + networkTo + ")");
      n.setDuplex(true);
    }
    b.start();
    b.waitUntilStarted();
    return b;
  }

  static String url(BrokerService b) throws Exception {
    TransportConnector c = b.getTransportConnectors().get(0);
    return "tcp://127.0.0.1:" + c.getConnectUri().getPort();
  }

  static RunningElement lab(String name, String brokerUrl) throws Exception {
    return RunningElement.mockLab(
        "--ie.name=" + name,
        "--broker.url=" + brokerUrl,
        "--im.array1250.attribute.vector.period=50ms");
  }

  @Test
  void twoLabsOnOneBroker() throws Exception {
    BrokerService shared = broker("shared", null);
    try (RunningElement lab1 = lab("lab1", url(shared));
        RunningElement lab2 = lab("lab2", url(shared));
        AttributeSubscriber sub = AttributeSubscriber.connect(url(shared))) {
      Collector one = new Collector();
      Collector two = new Collector();
      sub.subscribe(lab1.client(), "lab/array1250", "vector", one);
      sub.subscribe(lab2.client(), "lab/array1250", "vector", two);
      one.awaitCount(5, WAIT);
      two.awaitCount(5, WAIT);
      assertEquals("ie.lab1.lab.array1250.vector", one.last().topic());
      assertEquals("ie.lab2.lab.array1250.vector", two.last().topic());
    } finally {
      shared.stop();
    }
  }

  @Test
  void aSubscriberOnOneBrokerReceivesTheOtherLabsValues() throws Exception {
    BrokerService b = broker("broker-b", null);
    BrokerService a = broker("broker-a", url(b));
    try (RunningElement lab1 = lab("lab1", url(a));
        RunningElement lab2 = lab("lab2", url(b));
        AttributeSubscriber onB = AttributeSubscriber.connect(url(b));
        AttributeSubscriber onA = AttributeSubscriber.connect(url(a))) {
      Collector lab1SeenOnB = new Collector();
      Collector lab2SeenOnA = new Collector();
      onB.subscribe(lab1.client(), "lab/array1250", "vector", lab1SeenOnB);
      onA.subscribe(lab2.client(), "lab/array1250", "vector", lab2SeenOnA);
      lab1SeenOnB.awaitCount(5, WAIT);
      lab2SeenOnA.awaitCount(5, WAIT);
      assertEquals("ie.lab1.lab.array1250.vector", lab1SeenOnB.last().topic());
      assertEquals(1250, lab1SeenOnB.last().doubles().length);
      assertEquals("ie.lab2.lab.array1250.vector", lab2SeenOnA.last().topic());
      assertTrue(lab1SeenOnB.checkOrderAndGaps() >= 0);
    } finally {
      a.stop();
      b.stop();
    }
  }
}
