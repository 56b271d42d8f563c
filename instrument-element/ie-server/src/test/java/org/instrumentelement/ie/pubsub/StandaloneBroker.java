package org.instrumentelement.ie.pubsub;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import org.apache.activemq.broker.BrokerService;
import org.apache.activemq.broker.SslContext;
import org.apache.activemq.broker.TransportConnector;

/**
 * An ActiveMQ broker in a process of its own, standing for an external broker. Prints {@code READY
 * <port>} when it accepts connections and stops when its standard input closes.
 *
 * <p>Arguments: {@code [port [name [connector URI [PKCS#12 keystore, password changeit]]]]}; the
 * default connector is {@code tcp://127.0.0.1:<port>}; with a keystore the broker's TLS connectors
 * ({@code ssl://...}) use its key, as {@code <sslContext>} in activemq.xml does.
 */
public final class StandaloneBroker {
  private StandaloneBroker() {}

  public static void main(String[] args) throws Exception {
    BrokerService b = new BrokerService();
    b.setBrokerName(args.length > 1 ? args[1] : "external");
    b.setPersistent(false);
    b.setUseJmx(false);
    if (args.length > 3) {
      KeyStore keys = KeyStore.getInstance("PKCS12");
      try (InputStream in = Files.newInputStream(Path.of(args[3]))) {
        keys.load(in, "changeit".toCharArray());
      }
      KeyManagerFactory kmf =
          KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(keys, "changeit".toCharArray());
      b.setSslContext(new SslContext(kmf.getKeyManagers(), null, null));
    }
    String uri = args.length > 2 ? args[2] : "tcp://127.0.0.1:" + (args.length > 0 ? args[0] : "0");
    TransportConnector c = b.addConnector(uri);
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
