package org.instrumentelement.ie.server;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.instrumentelement.ie.monitoring.Monitoring;

/**
 * {@code /health/live} answers 200 while the process serves; {@code /health/ready} answers 200 when
 * clients can be served fully (service up, publisher connected to the broker) and 503 otherwise.
 * Both answer a one-line JSON body; no credentials needed (they reveal nothing else).
 */
public final class HealthServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private final transient Monitoring monitoring;

  public HealthServlet(Monitoring monitoring) {
    this.monitoring = monitoring;
  }

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    String which = req.getPathInfo() == null ? "" : req.getPathInfo();
    boolean ok;
    String body;
    if (which.equals("/live")) {
      ok = monitoring.live();
      body = "{\"status\":\"" + (ok ? "UP" : "DOWN") + "\"}";
    } else if (which.equals("/ready")) {
      ok = monitoring.ready();
      body =
          "{\"status\":\""
              + (ok ? "UP" : "DOWN")
              + "\",\"brokerConnected\":"
              + monitoring.brokerConnected()
              + "}";
    } else {
      resp.sendError(HttpServletResponse.SC_NOT_FOUND);
      return;
    }
    resp.setStatus(ok ? 200 : 503);
    resp.setContentType("application/json");
    resp.getWriter().write(body);
  }
}
