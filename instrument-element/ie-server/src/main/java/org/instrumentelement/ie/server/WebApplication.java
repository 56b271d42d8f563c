package org.instrumentelement.ie.server;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import org.instrumentelement.ie.InstrumentElementRuntime;

/**
 * The servlets of an Instrument Element web application, registered the same way on embedded Tomcat
 * and in a WAR deployed to a standalone Tomcat: the SOAP endpoint at {@code /services/*}, health at
 * {@code /health/*}, Prometheus metrics at {@code /metrics}.
 */
public final class WebApplication {
  /** Where the SOAP servlet is mapped inside the context. */
  public static final String SERVICES_PATH = "/services";

  private WebApplication() {}

  /** Adds the servlets to a starting context; the runtime must be started. */
  public static void register(ServletContext context, InstrumentElementRuntime runtime) {
    ServletRegistration.Dynamic soap = context.addServlet("soap", new SoapServlet(runtime));
    soap.addMapping(SERVICES_PATH + "/*");
    soap.setLoadOnStartup(1);
    context.addServlet("health", new HealthServlet(runtime.monitoring())).addMapping("/health/*");
    context.addServlet("metrics", new MetricsServlet(runtime.monitoring())).addMapping("/metrics");
  }
}
