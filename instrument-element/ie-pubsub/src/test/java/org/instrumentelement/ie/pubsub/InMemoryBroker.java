package org.instrumentelement.ie.pubsub;

import org.apache.activemq.broker.BrokerPlugin;
import org.apache.activemq.broker.BrokerService;

/** A started ActiveMQ broker in the test's JVM, reached as {@code vm://NAME}: no disk, no JMX. */
final class InMemoryBroker {
  private InMemoryBroker() {}

  static BrokerService start(String name, BrokerPlugin... plugins) throws Exception {
    BrokerService broker = new BrokerService();
    broker.setBrokerName(name);
    broker.setPersistent(false);
    broker.setUseJmx(false);
    broker.setAdvisorySupport(false);
    if (plugins.length > 0) {
      broker.setPlugins(plugins);
    }
    broker.start();
    broker.waitUntilStarted();
    return broker;
  }
}
