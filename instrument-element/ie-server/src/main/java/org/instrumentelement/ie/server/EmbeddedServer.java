package org.instrumentelement.ie.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.instrumentelement.ie.InstrumentElementRuntime;
import org.instrumentelement.ie.config.HttpLimits;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.config.SecurityConfig;

/**
 * The Instrument Element on embedded Tomcat: one context at {@code http.contextPath} with the SOAP
 * servlet at {@code /services/*}. Port 0 picks a free port ({@link #port()} tells which).
 */
public final class EmbeddedServer implements AutoCloseable {

  private final InstrumentElementRuntime runtime;
  private final IeConfig config;
  private Tomcat tomcat;
  private Connector connector;
  private Path baseDir;

  public EmbeddedServer(InstrumentElementRuntime runtime) {
    this.runtime = runtime;
    this.config = runtime.config();
  }

  /** Starts listening; the service must be ready. */
  public void start() throws LifecycleException {
    try {
      baseDir = Files.createTempDirectory("instrument-element-tomcat");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    tomcat = new Tomcat();
    tomcat.setBaseDir(baseDir.toString());
    connector = new Connector("HTTP/1.1");
    connector.setPort(config.httpPort());
    connector.setProperty("address", config.httpHost());
    // Pollers keep their connection: don't make them reconnect every 100 requests.
    connector.setProperty("maxKeepAliveRequests", "-1");
    HttpLimits limits = config.httpLimits();
    connector.setProperty(
        "connectionTimeout", Long.toString(limits.connectionTimeout().toMillis()));
    connector.setProperty("keepAliveTimeout", Long.toString(limits.connectionTimeout().toMillis()));
    connector.setProperty("maxConnections", Integer.toString(limits.maxConnections()));
    connector.setProperty("maxThreads", Integer.toString(limits.maxThreads()));
    if (config.security().tls()) {
      enableTls(connector, config.security());
    }
    connector.setProperty("maxSwallowSize", Long.toString(config.maxRequestBytes()));
    tomcat.getService().addConnector(connector);
    tomcat.setConnector(connector);
    Context ctx = tomcat.addContext(config.contextPath(), baseDir.toString());
    ctx.addServletContainerInitializer(
        (classes, servletContext) -> WebApplication.register(servletContext, runtime), null);
    tomcat.start();
  }

  /** HTTPS with the configured PKCS#12 keystore. */
  private static void enableTls(Connector connector, SecurityConfig security) {
    connector.setScheme("https");
    connector.setSecure(true);
    connector.setProperty("SSLEnabled", "true");
    SSLHostConfig ssl = new SSLHostConfig();
    ssl.setProtocols("TLSv1.2+TLSv1.3");
    SSLHostConfigCertificate cert =
        new SSLHostConfigCertificate(ssl, SSLHostConfigCertificate.Type.UNDEFINED);
    cert.setCertificateKeystoreFile(security.tlsKeystore().toAbsolutePath().toString());
    cert.setCertificateKeystorePassword(security.tlsKeystorePassword());
    cert.setCertificateKeystoreType("PKCS12");
    ssl.addCertificate(cert);
    connector.addSslHostConfig(ssl);
  }

  /** The port the connector listens on. */
  public int port() {
    return connector.getLocalPort();
  }

  /** The SOAP endpoint's URL, as seen from this machine. */
  public String serviceUrl() {
    String host = config.httpHost();
    if (host.equals("0.0.0.0") || host.equals("::")) {
      host = "localhost";
    }
    return (config.security().tls() ? "https://" : "http://")
        + host
        + ":"
        + port()
        + config.contextPath()
        + WebApplication.SERVICES_PATH
        + SoapServlet.ENDPOINT;
  }

  /** Stops Tomcat; the IMs are the caller's to close. */
  @Override
  public void close() {
    if (tomcat != null) {
      try {
        tomcat.stop();
        tomcat.destroy();
      } catch (LifecycleException e) {
        throw new IllegalStateException("Tomcat did not stop cleanly", e);
      } finally {
        tomcat = null;
        deleteQuietly(baseDir);
      }
    }
  }

  private static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try (var walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException ignored) {
      // a temporary directory left behind is harmless
    }
  }
}
