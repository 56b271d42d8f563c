package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.apache.activemq.broker.BrokerPlugin;
import org.instrumentelement.ie.config.BrokerConfig;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.pubsub.transport.Refusals;
import org.junit.jupiter.api.Test;

/**
 * The embedded broker starts again while a client of its JVM keeps connecting to it in-VM, as the
 * Instrument Element's own publisher does (over {@code failover:}, every 100 ms and more) while the
 * broker restarts. ActiveMQ binds a starting broker's name before it has built its broker chain,
 * and a connector started by such a client builds one of its own ({@code BrokerService.getBroker()}
 * is not synchronized): the start then failed with "AdminConnectionContext was not initialized".
 */
class EmbeddedBrokerRestartTest {
  static final int RESTARTS = 40;

  @Test
  void theBrokerStartsAgainWhileAnInVmClientConnects() throws Exception {
    BrokerConfig config =
        ConfigLoader.load(
                List.of("--broker.port=0", "--broker.stompPort=0", "--broker.mqttPort=0"), Map.of())
            .broker();
    // Building the broker chain takes a while, as on a busy machine: the client's connector finds
    // the broker's name bound in that time.
    BrokerPlugin slowToBuild =
        next -> {
          Thread.sleep(20);
          return next;
        };
    EmbeddedBroker broker =
        new EmbeddedBroker(
            config, "restart-race", new BrokerPlugin[] {slowToBuild}, null, new Refusals(), null);
    broker.start();
    String url = broker.inVmUrl();
    AtomicBoolean done = new AtomicBoolean();
    AtomicLong connected = new AtomicLong();
    Thread client =
        new Thread(
            () -> {
              ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
              while (!done.get()) {
                try (Connection c = factory.createConnection()) {
                  c.start();
                  connected.incrementAndGet();
                } catch (JMSException e) {
                  // no broker of that name now: try again at once
                }
              }
            },
            "in-vm-client");
    client.setDaemon(true);
    client.start();
    List<String> failed = new ArrayList<>();
    try {
      for (int i = 0; i < RESTARTS; i++) {
        broker.close();
        try {
          broker.start();
        } catch (Exception e) {
          failed.add(i + ": " + e.getMessage());
          broker.close();
          broker.start();
        }
      }
    } finally {
      done.set(true);
      client.join(10_000);
      broker.close();
    }
    assertEquals(List.of(), failed, "restarts that failed (" + connected + " connections made)");
  }
}
