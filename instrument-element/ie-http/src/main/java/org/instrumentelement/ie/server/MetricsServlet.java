package org.instrumentelement.ie.server;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.instrumentelement.ie.monitoring.Monitoring;

/** Prometheus scrape endpoint ({@code <contextPath>/metrics}), text exposition format. */
public final class MetricsServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private final transient Monitoring monitoring;

  public MetricsServlet(Monitoring monitoring) {
    this.monitoring = monitoring;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    resp.setContentType("text/plain; version=0.0.4; charset=utf-8");
    resp.getWriter().write(monitoring.scrape());
  }
}
