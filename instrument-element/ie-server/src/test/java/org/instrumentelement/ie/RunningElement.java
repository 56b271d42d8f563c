package org.instrumentelement.ie;

import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.mock.MockSessionProvider;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
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

  /** The configuration tests use: HTTP and every broker port on free ports. */
  public static IeConfig freePorts(IeConfig config) {
    return config.withHttpPort(0).withBroker(config.broker().withPorts(0, 0, 0));
  }

  /** The built-in mock laboratory. */
  public static RunningElement mockLab() throws Exception {
    return new RunningElement(freePorts(ConfigLoader.load(List.of(), Map.of())));
  }

  public static RunningElement of(IeConfig config) throws Exception {
    return new RunningElement(config);
  }

  public String url() {
    return server.serviceUrl();
  }

  public InstrumentElementPort client() {
    return InstrumentElementClient.connect(url());
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
