package org.instrumentelement.ie;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.pubsub.BrokerEndpoints;
import org.instrumentelement.ie.pubsub.EmbeddedBroker;
import org.instrumentelement.ie.pubsub.Publishing;
import org.instrumentelement.ie.pubsub.Subscriptions;
import org.instrumentelement.ie.pubsub.TopicPublisher;
import org.instrumentelement.ie.server.EmbeddedServer;
import org.instrumentelement.ie.soap.InstrumentElementService;

/**
 * A whole Instrument Element: broker (when embedded), Instrument Managers, publisher, samplers and,
 * when asked, the HTTP server. Started in that order and stopped in reverse.
 */
public final class InstrumentElementRuntime implements AutoCloseable {
  private final IeConfig config;
  private final InstrumentElement ie;
  private final long epoch = System.currentTimeMillis();
  private EmbeddedBroker broker;
  private TopicPublisher publisher;
  private Subscriptions subscriptions;
  private InstrumentElementService service;
  private EmbeddedServer server;

  public InstrumentElementRuntime(IeConfig config) {
    this.config = config;
    this.ie = new InstrumentElement(config);
  }

  /**
   * Starts everything.
   *
   * @param http whether to serve SOAP on embedded Tomcat (false when a servlet container hosts the
   *     service)
   */
  public synchronized void start(boolean http) throws Exception {
    try {
      String publishUrl;
      BrokerEndpoints endpoints;
      if (config.broker().embedded()) {
        broker = new EmbeddedBroker(config.broker(), config.name());
        broker.start();
        publishUrl = broker.openWireUrl();
        endpoints =
            new BrokerEndpoints(
                clientUrl(broker.openWireUrl()),
                reachable(broker.stompUrl()),
                reachable(broker.mqttUrl()));
      } else {
        publishUrl = config.broker().url();
        endpoints = new BrokerEndpoints(clientUrl(config.broker().url()), null, null);
      }
      ie.start();
      subscriptions = new Subscriptions(ie, config);
      publisher =
          new TopicPublisher(
              publishUrl,
              new TopicPublisher.Topics() {
                @Override
                public String topic(String imPath, String attribute) {
                  return subscriptions.topic(imPath, attribute);
                }

                @Override
                public String units(String imPath, String attribute) {
                  try {
                    return ie.node(imPath).im().model().attribute(attribute).spec().units();
                  } catch (Exception e) {
                    return "";
                  }
                }
              },
              epoch);
      publisher.start();
      subscriptions.start(publisher);
      service =
          new InstrumentElementService(
              ie, new Publishing(subscriptions, publisher, endpoints, broker));
      if (http) {
        server = new EmbeddedServer(config, service);
        server.start();
      }
    } catch (Exception e) {
      close();
      throw e;
    }
  }

  /** The OpenWire URL clients are told: {@code broker.clientUrl} if set, else {@code url}. */
  private String clientUrl(String url) {
    String configured = config.broker().clientUrl();
    return configured.isBlank() ? reachable(url) : configured;
  }

  /** A URL of the embedded broker as other machines reach it when it listens everywhere. */
  private String reachable(String url) {
    if (url == null || !config.broker().embedded() || !config.broker().host().equals("0.0.0.0")) {
      return url;
    }
    try {
      return url.replace("localhost", InetAddress.getLocalHost().getCanonicalHostName());
    } catch (UnknownHostException e) {
      return url;
    }
  }

  public IeConfig config() {
    return config;
  }

  public InstrumentElement instrumentElement() {
    return ie;
  }

  /** The SOAP implementation (for a servlet container to publish). */
  public InstrumentElementService service() {
    return service;
  }

  /** The embedded broker, or null with an external one. */
  public EmbeddedBroker broker() {
    return broker;
  }

  public TopicPublisher publisher() {
    return publisher;
  }

  public Subscriptions subscriptions() {
    return subscriptions;
  }

  /** The HTTP server, or null if not started with HTTP. */
  public EmbeddedServer server() {
    return server;
  }

  /** Stops everything, in reverse order of start. */
  @Override
  public synchronized void close() {
    if (server != null) {
      server.close();
      server = null;
    }
    if (subscriptions != null) {
      subscriptions.close();
    }
    if (publisher != null) {
      publisher.close();
      publisher = null;
    }
    ie.close();
    if (broker != null) {
      broker.close();
      broker = null;
    }
  }
}
