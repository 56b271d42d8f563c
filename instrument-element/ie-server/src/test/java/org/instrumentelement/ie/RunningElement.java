package org.instrumentelement.ie;

import jakarta.jms.JMSException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.activemq.ActiveMQConnection;
import org.apache.activemq.ActiveMQConnectionFactory;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.config.ConfigKeys;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.element.InstrumentElement;
import org.instrumentelement.ie.server.EmbeddedServer;

/** An Instrument Element on embedded Tomcat on a free port, in the test's JVM. */
public final class RunningElement implements AutoCloseable {
  public final InstrumentElementRuntime runtime;
  public final InstrumentElement ie;
  public final EmbeddedServer server;

  private RunningElement(IeConfig config) throws Exception {
    runtime = new InstrumentElementRuntime(config);
    runtime.start(true);
    ie = runtime.instrumentElement();
    server = runtime.server();
  }

  /** The development user with every right, which tests use unless they test rights. */
  public static final String ADMIN = "admin";

  /**
   * The configuration tests use: HTTP and every broker port (plain and TLS) on free ports, the
   * audit log in a temporary file, the run-time state in a new directory under {@code target/} (so
   * that no test restores what another one set).
   */
  public static IeConfig freePorts(IeConfig config) throws Exception {
    java.nio.file.Path audit = java.nio.file.Files.createTempFile("ie-audit", ".log");
    audit.toFile().deleteOnExit();
    return config.with(
        Map.of(
            "data.dir", newDataDir().toString(),
            "http.port", "0",
            "broker.port", "0",
            "broker.stompPort", "0",
            "broker.mqttPort", "0",
            "broker.tls.port", "0",
            "broker.tls.stompPort", "0",
            "broker.tls.mqttPort", "0",
            "audit.file", audit.toString()));
  }

  /** A new, empty data directory under {@code target/}. */
  public static java.nio.file.Path newDataDir() throws java.io.IOException {
    java.nio.file.Path target =
        java.nio.file.Files.createDirectories(java.nio.file.Path.of("target"));
    return java.nio.file.Files.createTempDirectory(target, "ie-state");
  }

  /**
   * The built-in mock laboratory, with these command-line options (such as {@code
   * --broker.maxPendingMessages=10}), on free ports with a new data directory.
   */
  public static RunningElement mockLab(String... options) throws Exception {
    return new RunningElement(freePorts(ConfigLoader.load(List.of(options), Map.of())));
  }

  /**
   * An element with this configuration; one that would keep its run-time state in the default data
   * directory (the user's) keeps it in a new directory under {@code target/} instead.
   */
  public static RunningElement of(IeConfig config) throws Exception {
    java.nio.file.Path defaultDir = ConfigKeys.DATA_DIR.read(ConfigKeys.DATA_DIR.defaultText());
    if (defaultDir.equals(config.dataDir())) {
      config = config.with("data.dir", newDataDir().toString());
    }
    return new RunningElement(config);
  }

  public String url() {
    return server.serviceUrl();
  }

  /** A SOAP port signed in as the development admin. */
  public InstrumentElementPort client() {
    return client(ADMIN, ADMIN);
  }

  /** A SOAP port signed in as {@code user}. */
  public InstrumentElementPort client(String user, String password) {
    return InstrumentElementClient.connect(url(), user, password);
  }

  /**
   * A started OpenWire connection to the embedded broker as {@code user}, whose password is the
   * user's name (the test users'); topic advisories off, which a subscriber of the IE's topics may
   * not read.
   */
  public ActiveMQConnection openWire(String user) throws JMSException {
    ActiveMQConnectionFactory cf = new ActiveMQConnectionFactory(runtime.broker().openWireUrl());
    cf.setUserName(user);
    cf.setPassword(user);
    cf.setWatchTopicAdvisories(false);
    ActiveMQConnection c = (ActiveMQConnection) cf.createConnection();
    c.start();
    return c;
  }

  /** The simulated instrument behind a MOCK resource string. */
  public MockDevice device(String resource) throws Exception {
    return ie.resources().provider(MockSessionProvider.class).device(resource);
  }

  /**
   * How long closing may take before the test fails with every thread's stack: a shutdown that
   * hangs shows in the build's log what it waits for, instead of holding the build until CI gives
   * up.
   */
  static final Duration CLOSE_LIMIT = Duration.ofMinutes(2);

  @Override
  public void close() {
    AtomicReference<RuntimeException> failed = new AtomicReference<>();
    Thread closing =
        new Thread(
            () -> {
              try {
                runtime.close();
              } catch (RuntimeException e) {
                failed.set(e);
              }
            },
            "closing-instrument-element");
    closing.setDaemon(true); // one that hangs must not keep the test's JVM alive
    closing.start();
    try {
      closing.join(CLOSE_LIMIT.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (closing.isAlive()) {
      System.err.println(ThreadDump.now());
      throw new AssertionError(
          "the Instrument Element did not close within "
              + CLOSE_LIMIT.toMinutes()
              + " minutes; its threads are printed above");
    }
    if (failed.get() != null) {
      throw failed.get();
    }
  }
}
