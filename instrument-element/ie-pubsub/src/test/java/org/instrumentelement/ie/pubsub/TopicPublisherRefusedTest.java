package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.activemq.broker.BrokerFilter;
import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.ConnectionContext;
import org.apache.activemq.command.ConnectionInfo;
import org.instrumentelement.ie.Conditions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A publisher whose broker refuses its login, against a real (in-memory) ActiveMQ broker: it keeps
 * trying, and each refused attempt is closed. A refused connection left open goes on reconnecting
 * by itself (ActiveMQ's failover transport), unused, for as long as the JVM runs.
 */
class TopicPublisherRefusedTest {
  private final String name = "refusing-" + UUID.randomUUID();
  private final AtomicInteger attempts = new AtomicInteger();
  private BrokerService broker;

  @AfterEach
  void stopBroker() throws Exception {
    if (broker != null) {
      broker.stop();
    }
  }

  @Test
  void refusedAttemptsLeaveNoConnectionBehind() throws Exception {
    BrokerPlugin refusing =
        next ->
            new BrokerFilter(next) {
              @Override
              public void addConnection(ConnectionContext context, ConnectionInfo info) {
                attempts.incrementAndGet();
                throw new SecurityException("User name or password is invalid.");
              }
            };
    broker = InMemoryBroker.start(name, refusing);

    TopicPublisher p =
        new TopicPublisher("vm://" + name + "?create=false", "ie", "wrong", null, 7L, 16);
    p.start();
    // Three refused attempts: the first at once, then after 100 and 200 ms.
    Conditions.eventually(
        java.time.Duration.ofSeconds(30), () -> attempts.get() >= 3, "three attempts to log in");
    p.close();
    assertFalse(p.connected());

    Conditions.eventually(
        java.time.Duration.ofSeconds(30),
        () -> connectionThreads() == 0,
        "the refused connections' threads to end");
    assertEquals(0, connectionThreads());
  }

  /** Threads of ActiveMQ client connections to this broker (one executor each, while open). */
  private long connectionThreads() {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().contains("vm://" + name))
        .count();
  }
}
