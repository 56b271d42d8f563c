package org.instrumentelement.ie.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.apache.tomcat.websocket.server.WsSci;
import org.instrumentelement.ie.config.ConfigException;
import org.instrumentelement.ie.config.HttpLimits;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.config.SecurityConfig;
import org.instrumentelement.ie.server.connector.GuardedHttpProtocol;
import org.instrumentelement.ie.server.connector.GuardedNioEndpoint;
import org.instrumentelement.ie.server.gate.RequestGate;
import org.instrumentelement.ie.tls.TlsPolicy;

/**
 * The Instrument Element on embedded Tomcat: one context at {@code http.contextPath} with the SOAP
 * servlet at {@code /services/*}, and a context for each web application found on the class path
 * (the VCR portal, see {@link HostedWebApplication}). Port 0 picks a free port ({@link #port()}
 * tells which).
 */
public final class EmbeddedServer implements AutoCloseable {

  private final IeConfig config;
  private final ServiceParts parts;
  private Tomcat tomcat;
  private Connector connector;
  private GuardedHttpProtocol protocol;
  private volatile RequestGate gate;

  /** Request body bytes Tomcat drains from a request that nothing read, keeping the connection. */
  static final int MAX_SWALLOW_BYTES = 64 * 1024;

  private Path baseDir;
  private final Map<String, String> webApplicationPaths = new LinkedHashMap<>();

  /**
   * @param config where to listen, TLS, connector limits and the hosted web applications' keys
   * @param parts what is served
   */
  public EmbeddedServer(IeConfig config, ServiceParts parts) {
    this.config = config;
    this.parts = parts;
  }

  /**
   * Starts listening.
   *
   * @throws ConfigException if a hosted web application's context path is not usable
   */
  public void start() throws LifecycleException, ConfigException {
    try {
      baseDir = Files.createTempDirectory("instrument-element-tomcat");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    tomcat = new Tomcat();
    tomcat.setBaseDir(baseDir.toString());
    HttpLimits limits = config.httpLimits();
    protocol =
        new GuardedHttpProtocol(limits.maxConnectionsPerAddress(), limits.requestHeaderTimeout());
    connector = new Connector(protocol);
    connector.setPort(config.httpPort());
    connector.setProperty("address", config.httpHost());
    // Pollers keep their connection: don't make them reconnect every 100 requests.
    connector.setProperty("maxKeepAliveRequests", "-1");
    // A 2,500-double answer leaves in one write(2) rather than 8 kB pieces (64 kB per open
    // connection; the SOAP servlet buffers whole responses of that size too).
    connector.setProperty("socket.appWriteBufSize", Integer.toString(64 * 1024));
    // Direct buffers: the kernel copies an answer straight from the connection's buffer, where a
    // heap buffer is first copied into a direct one by the JDK (one copy less of every answer: 26.7
    // kB for a 2,500-double binary poll). At most 72 kB of direct memory per open connection.
    connector.setProperty("socket.directBuffer", "true");
    connector.setProperty(
        "connectionTimeout", Long.toString(limits.connectionTimeout().toMillis()));
    connector.setProperty("keepAliveTimeout", Long.toString(limits.connectionTimeout().toMillis()));
    connector.setProperty("maxConnections", Integer.toString(limits.maxConnections()));
    connector.setProperty("maxThreads", Integer.toString(limits.maxThreads()));
    if (config.security().tls()) {
      enableTls(connector, config.security());
    }
    // The request gate refuses what it will not read without reading or draining it; what else is
    // left unread (a body sent to a servlet that reads none) is drained up to this, else the
    // connection is closed.
    connector.setProperty("maxSwallowSize", Integer.toString(MAX_SWALLOW_BYTES));
    // "100 Continue" only once the gate reads the body: a client that waits for it sends nothing
    // before its credentials and size have been checked.
    connector.setProperty("continueResponseTiming", "onRead");
    tomcat.getService().addConnector(connector);
    tomcat.setConnector(connector);
    hideInternalsInErrorPages((StandardHost) tomcat.getHost());
    Context ctx = tomcat.addContext(config.contextPath(), baseDir.toString());
    ctx.addServletContainerInitializer(
        (classes, servletContext) -> gate = WebApplication.register(servletContext, parts), null);
    tomcat.start();
    // Web applications start once the service is up: they are its clients, and CXF must not set up
    // the service's bus and a client's at the same time (it then misses extensions).
    addWebApplications();
  }

  /**
   * Context parameter telling a hosted web application this IE's name, so it can show the local IE
   * under it.
   */
  public static final String WEB_APP_IE_NAME = "ie.name";

  /** Context parameter telling a hosted web application that this IE has development users. */
  public static final String WEB_APP_DEVELOPMENT_USERS = "ie.developmentUsers";

  /** Context parameter telling a hosted web application this IE's SOAP endpoint. */
  public static final String WEB_APP_IE_URL = "ie.serviceUrl";

  /**
   * Context parameters naming this IE's own keystore (and its password) when it serves HTTPS: a
   * hosted web application that calls it back may trust it (a keystore's key entry is a trust
   * anchor too).
   */
  public static final String WEB_APP_IE_TRUST_STORE = "ie.trustStore";

  /** The password of {@link #WEB_APP_IE_TRUST_STORE}. */
  public static final String WEB_APP_IE_TRUST_STORE_PASSWORD = "ie.trustStorePassword";

  /**
   * Serves every web application found on the class path at its {@code <name>.contextPath}, with
   * its own keys ({@code <name>.*}, which it checks itself) and what it needs to know of this IE as
   * context parameters.
   */
  private void addWebApplications() throws LifecycleException, ConfigException {
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    if (loader == null) {
      loader = EmbeddedServer.class.getClassLoader();
    }
    for (HostedWebApplication app : HostedWebApplication.discover(loader)) {
      Map<String, String> keys = app.keys(config.webApplicationKeys());
      String path = app.contextPath(keys, config.contextPath());
      if (path == null) {
        continue;
      }
      Context ctx = new StandardContext();
      ctx.setName(path);
      ctx.setPath(path);
      ctx.setDocBase(baseDir.toString());
      ctx.addLifecycleListener(new Tomcat.FixContextListener());
      // Hosted web applications may use WebSocket; Tomcat's initializer provides the container.
      ctx.addServletContainerInitializer(new WsSci(), null);
      ctx.addServletContainerInitializer(app.newInitializer(loader), null);
      keys.forEach(ctx::addParameter);
      ctx.addParameter(WEB_APP_IE_NAME, config.name());
      ctx.addParameter(WEB_APP_IE_URL, serviceUrl());
      ctx.addParameter(WEB_APP_DEVELOPMENT_USERS, Boolean.toString(parts.developmentUsers()));
      if (config.security().tls()) {
        ctx.addParameter(
            WEB_APP_IE_TRUST_STORE, config.security().tlsKeystore().toAbsolutePath().toString());
        ctx.addParameter(WEB_APP_IE_TRUST_STORE_PASSWORD, config.security().tlsKeystorePassword());
      }
      tomcat.getHost().addChild(ctx); // starts it: the host is running
      if (!ctx.getState().isAvailable()) {
        throw new LifecycleException(
            "the web application '" + app.name() + "' at " + path + " did not start: see the log");
      }
      webApplicationPaths.put(app.name(), path);
    }
  }

  /**
   * Tomcat's own error pages (a bad request line or header, an unknown path) say only the status:
   * no stack trace, no server name and version.
   */
  private static void hideInternalsInErrorPages(StandardHost host) {
    ErrorReportValve valve = new ErrorReportValve();
    valve.setShowReport(false);
    valve.setShowServerInfo(false);
    // The host adds its default valve at start only when none of that class is in its pipeline.
    host.setErrorReportValveClass(ErrorReportValve.class.getName());
    host.getPipeline().addValve(valve);
  }

  /**
   * HTTPS with the configured PKCS#12 keystore, accepting only what the {@link TlsPolicy} allows;
   * with a client trust store, clients may log in with a certificate instead of a password.
   */
  private static void enableTls(Connector connector, SecurityConfig security) {
    connector.setScheme("https");
    connector.setSecure(true);
    connector.setProperty("SSLEnabled", "true");
    SSLHostConfig ssl = new SSLHostConfig();
    ssl.setProtocols(TlsPolicy.tomcatProtocols());
    ssl.setCiphers(TlsPolicy.tomcatCiphers());
    ssl.setCipherSuites(TlsPolicy.tomcatCipherSuites());
    ssl.setHonorCipherOrder(true);
    if (security.clientCertificates()) {
      ssl.setCertificateVerification("optional");
      ssl.setTruststoreFile(security.clientTrustStore().toAbsolutePath().toString());
      ssl.setTruststorePassword(security.clientTrustStorePassword());
      ssl.setTruststoreType("PKCS12");
    }
    SSLHostConfigCertificate cert =
        new SSLHostConfigCertificate(ssl, SSLHostConfigCertificate.Type.UNDEFINED);
    cert.setCertificateKeystoreFile(security.tlsKeystore().toAbsolutePath().toString());
    cert.setCertificateKeystorePassword(security.tlsKeystorePassword());
    cert.setCertificateKeystoreType("PKCS12");
    ssl.addCertificate(cert);
    connector.addSslHostConfig(ssl);
  }

  /** The gate in front of the service, with its budgets (tests). */
  public RequestGate gate() {
    return gate;
  }

  /** The connector's endpoint, with its per-address counts (tests). */
  public GuardedNioEndpoint endpoint() {
    return protocol.guardedEndpoint();
  }

  /** The port the connector listens on. */
  public int port() {
    return connector.getLocalPort();
  }

  /** The SOAP endpoint's URL, as seen from this machine. */
  public String serviceUrl() {
    return baseUrl() + config.contextPath() + WebApplication.SERVICES_PATH + SoapServlet.ENDPOINT;
  }

  /**
   * The URLs of the hosted web applications (such as {@code portal}), by name, as seen from this
   * machine.
   */
  public Map<String, String> webApplicationUrls() {
    Map<String, String> urls = new LinkedHashMap<>();
    webApplicationPaths.forEach((name, path) -> urls.put(name, baseUrl() + path + "/"));
    return urls;
  }

  private String baseUrl() {
    String host = config.httpHost();
    if (host.equals("0.0.0.0") || host.equals("::")) {
      host = "localhost";
    }
    return (config.security().tls() ? "https://" : "http://") + host + ":" + port();
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
