package org.instrumentelement.ie;

import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.config.SecurityConfig;
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
  public static IeConfig freePorts(IeConfig config) throws java.io.IOException {
    SecurityConfig s = config.security();
    java.nio.file.Path audit = java.nio.file.Files.createTempFile("ie-audit", ".log");
    audit.toFile().deleteOnExit();
    return config
        .withDataDir(newDataDir())
        .withHttpPort(0)
        .withBroker(config.broker().withPorts(0, 0, 0).withTlsPorts(0, 0, 0))
        .withSecurity(s.withAuditFile(audit));
  }

  /** A new, empty data directory under {@code target/}. */
  public static java.nio.file.Path newDataDir() throws java.io.IOException {
    java.nio.file.Path target =
        java.nio.file.Files.createDirectories(java.nio.file.Path.of("target"));
    return java.nio.file.Files.createTempDirectory(target, "ie-state");
  }

  /** The built-in mock laboratory. */
  public static RunningElement mockLab() throws Exception {
    return new RunningElement(freePorts(ConfigLoader.load(List.of(), Map.of())));
  }

  /**
   * An element with this configuration; one that would keep its run-time state in the working
   * directory (the default) keeps it in a new directory under {@code target/} instead.
   */
  public static RunningElement of(IeConfig config) throws Exception {
    if (config.dataDir() != null && config.dataDir().equals(java.nio.file.Path.of("."))) {
      config = config.withDataDir(newDataDir());
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

  /** The simulated instrument behind a MOCK resource string. */
  public MockDevice device(String resource) throws Exception {
    return ie.resources().provider(MockSessionProvider.class).device(resource);
  }

  @Override
  public void close() {
    runtime.close();
  }
}
