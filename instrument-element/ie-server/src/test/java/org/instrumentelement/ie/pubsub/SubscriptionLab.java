package org.instrumentelement.ie.pubsub;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.config.ConfigLoader;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The mock laboratory a class of subscription tests runs against, started once for the class
 * ({@code @RegisterExtension static final SubscriptionLab lab = new SubscriptionLab(options)}) and
 * closed after it: the Instrument Element on free ports with a new data directory, a SOAP port
 * signed in as the development admin, and the address of its broker that subscribers connect to.
 */
final class SubscriptionLab implements BeforeAllCallback, AfterAllCallback {
  private final List<String> options;
  private RunningElement running;
  private InstrumentElementPort ie;
  private String brokerUrl;

  /** A lab started with these command-line options (such as {@code --security.users=...}). */
  SubscriptionLab(String... options) {
    this.options = List.of(options);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    start(RunningElement.mockLab(options.toArray(String[]::new)));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    running.close();
  }

  private void start(RunningElement element) throws Exception {
    running = element;
    ie = running.client();
    GetSubscriptionInfo q = new GetSubscriptionInfo();
    q.setIm("lab/array2500");
    q.setAttribute("vector");
    brokerUrl = ie.getSubscriptionInfo(q).getSubscription().getBrokerUrl();
  }

  RunningElement running() {
    return running;
  }

  /** A SOAP port signed in as the development admin. */
  InstrumentElementPort ie() {
    return ie;
  }

  /** The broker's OpenWire address, as getSubscriptionInfo tells it. */
  String brokerUrl() {
    return brokerUrl;
  }

  /**
   * Stops and starts the broker, the {@code nth} time for the subscriber that {@code c} listens to,
   * and waits until that subscriber has reconnected.
   */
  void restartBroker(Collector c, int nth, Duration wait) throws Exception {
    running.runtime.broker().close();
    c.await(() -> c.lost >= nth, wait, "the subscriber to notice the broker is gone");
    running.runtime.broker().start();
    c.await(() -> c.restored >= nth, wait, "the subscriber to reconnect");
  }

  /**
   * Closes the Instrument Element and starts another in its place, as its operator does after
   * changing its configuration: on the same HTTP and broker ports (so that ports and subscribers
   * made before reach it), with these command-line options instead of the first ones. {@link
   * #running} and {@link #ie} are the new element's.
   */
  void restart(String... newOptions) throws Exception {
    int httpPort = URI.create(running.url()).getPort();
    int brokerPort = URI.create(brokerUrl).getPort();
    running.close();
    start(
        RunningElement.of(
            RunningElement.freePorts(ConfigLoader.load(List.of(newOptions), Map.of()))
                .with(
                    Map.of(
                        "http.port", Integer.toString(httpPort),
                        "broker.port", Integer.toString(brokerPort)))));
  }
}
