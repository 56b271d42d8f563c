package org.instrumentelement.ie.server;

import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import java.util.EnumSet;
import org.instrumentelement.ie.server.gate.RequestGate;

/**
 * The servlets of an Instrument Element web application, registered the same way on embedded Tomcat
 * and in a WAR deployed to a standalone Tomcat: the SOAP endpoint at {@code /services/*}, health at
 * {@code /health/*}, Prometheus metrics at {@code /metrics}, recordings for download at {@code
 * /recordings/*}, and in front of them all the {@link RequestGate}, which authenticates and bounds
 * a request before its body is read.
 */
public final class WebApplication {
  /** Where the SOAP servlet is mapped inside the context. */
  public static final String SERVICES_PATH = "/services";

  private WebApplication() {}

  /**
   * Adds the gate and the servlets to a starting context.
   *
   * @return the gate, whose budgets tests and monitoring may read
   */
  public static RequestGate register(ServletContext context, ServiceParts parts) {
    RequestGate gate =
        new RequestGate(
            SERVICES_PATH,
            SoapServlet.ENDPOINT,
            RecordingDownloadServlet.PATH,
            parts.access(),
            parts.audit(),
            parts.maxRequestBytes(),
            parts.httpLimits());
    FilterRegistration.Dynamic filter = context.addFilter("requestGate", gate);
    // Asynchronous throughout: the gate reads bodies without holding a thread, and refuses
    // without reading or draining what is left of a body.
    filter.setAsyncSupported(true);
    filter.addMappingForUrlPatterns(
        EnumSet.of(DispatcherType.REQUEST, DispatcherType.ASYNC), false, "/*");
    ServletRegistration.Dynamic soap = context.addServlet("soap", new SoapServlet(parts));
    soap.addMapping(SERVICES_PATH + "/*");
    soap.setLoadOnStartup(1);
    soap.setAsyncSupported(true);
    ServletRegistration.Dynamic health =
        context.addServlet("health", new HealthServlet(parts.monitoring()));
    health.addMapping("/health/*");
    health.setAsyncSupported(true);
    ServletRegistration.Dynamic metrics =
        context.addServlet("metrics", new MetricsServlet(parts.monitoring()));
    metrics.addMapping("/metrics");
    metrics.setAsyncSupported(true);
    if (parts.recordings() != null) {
      ServletRegistration.Dynamic downloads =
          context.addServlet("recordings", new RecordingDownloadServlet(parts.recordings()));
      downloads.addMapping(RecordingDownloadServlet.PATH + "/*");
      downloads.setAsyncSupported(true);
    }
    return gate;
  }
}
