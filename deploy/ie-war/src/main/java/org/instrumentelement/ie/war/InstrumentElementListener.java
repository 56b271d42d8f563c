package org.instrumentelement.ie.war;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.util.ArrayList;
import java.util.List;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.instrumentelement.ie.InstrumentElementRuntime;
import org.instrumentelement.ie.config.ConfigLoader;
import org.instrumentelement.ie.config.IeConfig;
import org.instrumentelement.ie.server.WebApplication;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * Starts an Instrument Element when the web application starts, and stops it with it. The container
 * owns HTTP (ports, TLS, connector limits); everything else comes from the configuration file,
 * found outside the WAR through, in order: the JNDI environment entry {@code
 * java:comp/env/instrument-element/config} (a {@code context.xml} {@code <Environment>}), the
 * system property {@code ie.config} (e.g. in {@code setenv.sh}), the environment variable {@code
 * IE_CONFIG}. Without any, it serves the built-in mock laboratory.
 */
public final class InstrumentElementListener implements ServletContextListener {
  /** The JNDI name of the configuration file's path, below {@code java:comp/env}. */
  public static final String JNDI_NAME = "instrument-element/config";

  private static final Logger LOG = LoggerFactory.getLogger(InstrumentElementListener.class);
  private InstrumentElementRuntime runtime;

  @Override
  public void contextInitialized(ServletContextEvent event) {
    ServletContext ctx = event.getServletContext();
    if (!SLF4JBridgeHandler.isInstalled()) {
      SLF4JBridgeHandler.install();
    }
    String file = configFile();
    List<String> args = new ArrayList<>();
    if (file != null) {
      args.add("--" + ConfigLoader.CONFIG_OPTION + "=" + file);
    }
    try {
      IeConfig config = ConfigLoader.load(args, System.getenv());
      runtime = new InstrumentElementRuntime(config);
      runtime.start(false);
      WebApplication.register(ctx, runtime.serviceParts());
      LOG.info(
          "Instrument Element '{}' started in {} from {}",
          config.name(),
          ctx.getContextPath(),
          file == null ? "the built-in mock laboratory" : file);
    } catch (Exception e) {
      // Failing the context start is the container's way to show a broken deployment.
      throw new IllegalStateException("Instrument Element did not start: " + e.getMessage(), e);
    }
  }

  /** The configuration file named by JNDI, the system property or the environment, or null. */
  static String configFile() {
    try {
      Object v = new InitialContext().lookup("java:comp/env/" + JNDI_NAME);
      if (v != null && !v.toString().isBlank()) {
        return v.toString();
      }
    } catch (NamingException e) {
      // no JNDI entry: try the next source
    }
    String p = System.getProperty("ie.config");
    if (p != null && !p.isBlank()) {
      return p;
    }
    String env = System.getenv(ConfigLoader.CONFIG_ENV);
    return env == null || env.isBlank() ? null : env;
  }

  @Override
  public void contextDestroyed(ServletContextEvent event) {
    if (runtime != null) {
      runtime.close();
      runtime = null;
    }
  }
}
