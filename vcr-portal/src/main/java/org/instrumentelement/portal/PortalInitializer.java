package org.instrumentelement.portal;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.SessionTrackingMode;
import jakarta.websocket.DeploymentException;
import jakarta.websocket.server.ServerContainer;
import java.time.Clock;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.instrumentelement.portal.auth.SignInFilter;
import org.instrumentelement.portal.config.PortalConfig;
import org.instrumentelement.portal.config.PortalConfigException;
import org.instrumentelement.portal.config.PortalConfigLoader;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.mdns.FoundElements;
import org.instrumentelement.portal.trace.LiveSocket;
import org.instrumentelement.portal.trace.TraceHub;
import org.instrumentelement.portal.web.ApiServlet;
import org.instrumentelement.portal.web.StaticServlet;

/**
 * Installs the portal into a servlet context: found by the container in {@code vcr.war} (through
 * {@code META-INF/services}), or added by the Instrument Element's embedded Tomcat when this jar is
 * on its class path. Reads the configuration from the context's parameters, the environment and a
 * file ({@link PortalConfigLoader}); polling, subscriptions and (with {@code portal.mdns.browse})
 * browsing mDNS start with the context and stop with it.
 */
public final class PortalInitializer implements ServletContainerInitializer {
  /** Context parameter set by a hosting IE that runs with its development users. */
  public static final String DEVELOPMENT_USERS = "ie.developmentUsers";

  private static final System.Logger LOG = System.getLogger(PortalInitializer.class.getName());

  @Override
  public void onStartup(Set<Class<?>> classes, ServletContext ctx) throws ServletException {
    Map<String, String> params = new LinkedHashMap<>();
    for (String name : Collections.list(ctx.getInitParameterNames())) {
      params.put(name, ctx.getInitParameter(name));
    }
    PortalConfig config;
    try {
      config = PortalConfigLoader.load(params, System.getenv());
    } catch (PortalConfigException e) {
      LOG.log(System.Logger.Level.ERROR, "VCR portal configuration error: " + e.getMessage());
      throw new ServletException("VCR portal configuration error: " + e.getMessage(), e);
    }
    // Operators sign in with their Instrument Element account: the portal has no users of its own.
    boolean developmentUsers = Boolean.parseBoolean(params.get(DEVELOPMENT_USERS));
    for (PortalConfig.ElementEndpoint e : config.elements()) {
      LOG.log(System.Logger.Level.INFO, "VCR portal shows IE ''{0}'' at {1}", e.name(), e.url());
    }

    ElementDirectory directory =
        new ElementDirectory(
            config.elements(), config.pollPeriod(), config.tls(), config.ieTimeout());
    FoundElements found =
        config.mdnsBrowse() ? new FoundElements(List.of(), Clock.systemUTC()) : null;
    TraceHub hub =
        new TraceHub(
            directory,
            config.traceMaxPoints(),
            config.traceMaxRate(),
            config.traceRecheckPeriod(),
            config.traceResyncTimeout());

    ctx.setSessionTrackingModes(EnumSet.of(SessionTrackingMode.COOKIE));
    ctx.getSessionCookieConfig().setHttpOnly(true);
    ctx.getSessionCookieConfig().setAttribute("SameSite", "Strict");

    ctx.addFilter("sign-in", new SignInFilter())
        .addMappingForUrlPatterns(EnumSet.of(DispatcherType.REQUEST), false, "/*");
    ctx.addServlet(
            "api",
            new ApiServlet(directory, hub, found, developmentUsers, config.downloadTimeout()))
        .addMapping("/api/*");
    ctx.addServlet("files", new StaticServlet()).addMapping("/");
    ctx.addListener(new Lifecycle(directory, hub, found));
  }

  /** Starts polling and the trace hub with the context, registers the WebSocket, stops both. */
  private static final class Lifecycle implements ServletContextListener {
    private final ElementDirectory directory;
    private final TraceHub hub;
    private final FoundElements found;

    Lifecycle(ElementDirectory directory, TraceHub hub, FoundElements found) {
      this.directory = directory;
      this.hub = hub;
      this.found = found;
    }

    @Override
    public void contextInitialized(ServletContextEvent event) {
      ServerContainer ws =
          (ServerContainer) event.getServletContext().getAttribute(ServerContainer.class.getName());
      if (ws == null) {
        throw new IllegalStateException("the servlet container offers no WebSocket support");
      }
      try {
        ws.addEndpoint(LiveSocket.config(hub));
      } catch (DeploymentException e) {
        throw new IllegalStateException("cannot register the live trace WebSocket", e);
      }
      hub.start();
      directory.start();
      if (found != null) {
        found.start();
      }
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
      if (found != null) {
        found.close();
      }
      directory.close();
      hub.close();
    }
  }
}
