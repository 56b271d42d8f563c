package org.instrumentelement.ie.pubsub;

import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.TransportConnector;

/**
 * An ActiveMQ broker in a process of its own, standing for an external broker. Prints {@code READY
 * <port>} when it accepts connections and stops when its standard input closes.
 */
public final class StandaloneBroker {
  private StandaloneBroker() {}

  public static void main(String[] args) throws Exception {
    BrokerService b = new BrokerService();
    b.setBrokerName(args.length > 1 ? args[1] : "external");
    b.setPersistent(false);
    b.setUseJmx(false);
    TransportConnector c = b.addConnector("tcp://127.0.0.1:" + (args.length > 0 ? args[0] : "0"));
    b.start();
    b.waitUntilStarted();
    System.out.println("READY " + c.getConnectUri().getPort());
    System.out.flush();
    while (System.in.read() >= 0) {
      // keep running until the parent closes our stdin (or dies)
    }
    b.stop();
    b.waitUntilStopped();
  }
}
