package org.instrumentelement.ie;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.ConfigurationUsage;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.element.ImNode;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.pubsub.EmbeddedBroker;
import org.instrumentelement.ie.pubsub.transport.ClientProtocol;
import org.instrumentelement.ie.server.EmbeddedServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * Runs an Instrument Element on embedded Tomcat until interrupted. Options: {@code --config FILE},
 * {@code --<key>=<value>} for any configuration key (docs/configuration.md; {@code --help} lists
 * them) and {@value #RESET_STATE}.
 */
public final class Main {
  private static final Logger LOG = LoggerFactory.getLogger(Main.class);

  /** Option: set the kept run-time state aside and start from the configuration. */
  public static final String RESET_STATE = "--reset-state";

  private Main() {}

  private static boolean isLoopback(String host) {
    return host.equals("localhost") || host.startsWith("127.") || host.equals("::1");
  }

  /** The embedded broker's connectors, with a warning for plain ones other machines reach. */
  private static void logBroker(EmbeddedBroker b) {
    if (!b.tls()) {
      LOG.info(
          "Embedded broker: {} (STOMP {}, MQTT {})",
          b.plainUrl(ClientProtocol.OPENWIRE),
          b.plainUrl(ClientProtocol.STOMP),
          b.plainUrl(ClientProtocol.MQTT));
      return;
    }
    LOG.info(
        "Embedded broker over TLS: {} (STOMP {}, MQTT {})",
        b.tlsUrl(ClientProtocol.OPENWIRE),
        b.tlsUrl(ClientProtocol.STOMP),
        b.tlsUrl(ClientProtocol.MQTT));
    String plainHost = b.plainHost();
    if (plainHost == null) {
      LOG.info("Embedded broker: no plain connectors (broker.plain = off)");
      return;
    }
    String plain =
        b.plainUrl(ClientProtocol.OPENWIRE)
            + " (STOMP "
            + b.plainUrl(ClientProtocol.STOMP)
            + ", MQTT "
            + b.plainUrl(ClientProtocol.MQTT)
            + ")";
    if (EmbeddedBroker.loopback(plainHost)) {
      LOG.info("Embedded broker, plain, for this machine only: {}", plain);
    } else {
      LOG.warn(
          "Embedded broker, plain, on {} (broker.plain = on): passwords and values travel in clear"
              + " on {}",
          plainHost,
          plain);
    }
  }

  public static void main(String[] args) throws Exception {
    if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
      System.out.print(ConfigurationUsage.text());
      return;
    }
    SLF4JBridgeHandler.removeHandlersForRootLogger();
    SLF4JBridgeHandler.install();
    List<String> options = new ArrayList<>(Arrays.asList(args));
    boolean resetState = options.remove(RESET_STATE);
    IeConfig config;
    try {
      config = ConfigLoader.load(options, System.getenv());
    } catch (ConfigException e) {
      System.err.println("configuration error: " + e.getMessage());
      System.exit(2);
      return;
    }
    InstrumentElementRuntime runtime = new InstrumentElementRuntime(config);
    if (resetState) {
      runtime.resetStateAtStart();
    }
    try {
      runtime.start(true);
    } catch (ConfigException e) {
      System.err.println("configuration error: " + e.getMessage());
      System.exit(2);
      return;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(runtime::close, "shutdown"));
    InstrumentElement ie = runtime.instrumentElement();
    EmbeddedServer server = runtime.server();
    LOG.info(
        "Instrument Element '{}' serving {} Instrument Managers", ie.name(), ie.nodes().size());
    for (ImNode n : ie.nodes()) {
      LOG.info(
          "  {} ({}, {}) {}",
          n.path(),
          n.im().model().type(),
          n.im().state(),
          n.config().address());
    }
    if (!config.security().enabled()) {
      LOG.warn(
          "Access control is DISABLED (security.enabled=false): anyone may control the instruments");
    } else if (runtime.access().users().isDevelopment()) {
      LOG.warn(
          "Development users (no security.users file): admin/admin, operator/operator,"
              + " observer/observer. Never use them on a laboratory network.");
    }
    if (!config.security().tls() && config.security().enabled() && !isLoopback(config.httpHost())) {
      LOG.warn("Passwords travel in clear over HTTP: configure http.tls.keystore for HTTPS");
    }
    if (!config.security().tls()
        && config.security().enabled()
        && runtime.broker() != null
        && !EmbeddedBroker.loopback(config.broker().host())) {
      LOG.warn(
          "Passwords and values travel in clear to the broker: configure http.tls.keystore for"
              + " its TLS connectors");
    }
    LOG.info("SOAP endpoint: {}", server.serviceUrl());
    LOG.info("WSDL:          {}?wsdl", server.serviceUrl());
    server
        .webApplicationUrls()
        .forEach(
            (name, url) ->
                LOG.info("{}{}", name.equals("portal") ? "VCR portal:    " : name + ": ", url));
    if (runtime.broker() != null) {
      logBroker(runtime.broker());
    } else {
      LOG.info("Publishing to the external broker {}", config.broker().url());
    }
    runtime.subscriptions().list(null).stream()
        .findFirst()
        .ifPresent(
            s -> LOG.info("Topics are named like {} (listSubscriptions has them all)", s.topic()));
  }
}
