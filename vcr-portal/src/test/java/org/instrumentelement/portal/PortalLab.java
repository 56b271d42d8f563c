package org.instrumentelement.portal;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ie.InstrumentElementRuntime;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;

/**
 * A real Instrument Element with the built-in mock laboratory in the test's JVM, on free ports. The
 * portal is on the test class path, so the IE's embedded Tomcat serves it, as in production.
 */
final class PortalLab implements AutoCloseable {
  final InstrumentElementRuntime runtime;

  /** Writes into an IE's data directory before the IE starts on it. */
  interface DataSeed {
    void write(java.nio.file.Path dataDir) throws Exception;
  }

  private PortalLab(IeConfig config) throws Exception {
    this(config, dataDir -> {});
  }

  private PortalLab(IeConfig config, DataSeed seed) throws Exception {
    // Each lab keeps its run-time state apart, so no test restores what another one set.
    java.nio.file.Path target =
        java.nio.file.Files.createDirectories(java.nio.file.Path.of("target"));
    java.nio.file.Path data = java.nio.file.Files.createTempDirectory(target, "ie-state");
    seed.write(data);
    runtime = new InstrumentElementRuntime(config.with("data.dir", data.toString()));
    runtime.start(true);
  }

  /** The mock laboratory with these {@code portal.*} settings, serving the portal at /vcr. */
  static PortalLab withPortal(Map<String, String> portal) throws Exception {
    return new PortalLab(config(0).with(portal));
  }

  /**
   * As {@link #withPortal(Map)}, with {@code seed} writing into the IE's data directory first (a
   * history of the past, say).
   */
  static PortalLab withPortal(Map<String, String> portal, DataSeed seed) throws Exception {
    return new PortalLab(config(0).with(portal), seed);
  }

  /**
   * The mock laboratory with a key: HTTPS, the broker over TLS (plain connectors off), and the
   * portal at /vcr trusting the IE's own certificate by default.
   */
  static PortalLab withTls(java.nio.file.Path keystore, String password) throws Exception {
    IeConfig c =
        ConfigLoader.load(
            List.of(
                "--http.tls.keystore=" + keystore,
                "--http.tls.keystorePassword=" + password,
                "--broker.plain=off"),
            Map.of());
    return new PortalLab(c.with(ports(0)));
  }

  /** Another IE, named {@code name}, on {@code port}, without a portal of its own. */
  static PortalLab plain(String name, int port) throws Exception {
    IeConfig c =
        ConfigLoader.resolve(
            Map.of("ie.name", name, "portal.contextPath", "off"), Map.of(), labFile());
    return new PortalLab(c.with(ports(port)));
  }

  /**
   * Another IE, named {@code name}, without a portal of its own, that announces itself over mDNS on
   * the loopback address ({@code mdns.advertise = on}, {@code http.host = 127.0.0.1}).
   */
  static PortalLab advertised(String name) throws Exception {
    IeConfig c =
        ConfigLoader.resolve(
            Map.of(
                "ie.name", name,
                "portal.contextPath", "off",
                "mdns.advertise", "on",
                "http.host", "127.0.0.1"),
            Map.of(),
            labFile());
    return new PortalLab(c.with(ports(0)));
  }

  private static IeConfig config(int port) throws Exception {
    return ConfigLoader.load(List.of(), Map.of()).with(ports(port));
  }

  /** HTTP on {@code port}, OpenWire on a free one, STOMP and MQTT off. */
  private static Map<String, String> ports(int port) {
    return Map.of(
        "http.port", Integer.toString(port),
        "broker.port", "0",
        "broker.stompPort", "-1",
        "broker.mqttPort", "-1",
        "broker.tls.port", "0",
        "broker.tls.stompPort", "-1",
        "broker.tls.mqttPort", "-1");
  }

  private static Map<String, String> labFile() throws IOException {
    java.util.Properties p = new java.util.Properties();
    try (var in =
        ConfigLoader.class.getResourceAsStream(
            "/org/instrumentelement/ie/config/mock-lab.properties")) {
      p.load(in);
    }
    Map<String, String> m = new java.util.LinkedHashMap<>();
    p.stringPropertyNames().forEach(k -> m.put(k, p.getProperty(k)));
    m.remove("ie.name");
    return m;
  }

  /** A port nothing listens on (yet). */
  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /** The portal's address, ending with '/'. */
  String portalUrl() {
    return runtime.server().webApplicationUrls().get("portal");
  }

  String soapUrl() {
    return runtime.server().serviceUrl();
  }

  @Override
  public void close() {
    runtime.close();
  }
}
