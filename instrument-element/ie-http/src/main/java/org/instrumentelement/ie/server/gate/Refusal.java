package org.instrumentelement.ie.server.gate;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.instrumentelement.ie.contract.FaultCode;

/**
 * A request the gate refuses before the SOAP stack sees it: a SOAP 1.1 fault of the same shape as
 * the service's ({@code <fault><code/><message/></fault>} in the detail), with an HTTP status that
 * says what happened.
 *
 * <p>The connection is closed after the answer and whatever is left of the body is neither read nor
 * drained: the answer is sent while the request is asynchronous, which is when Tomcat closes a
 * {@code Connection: close} exchange without swallowing the rest of the body. So a refused 16 MB
 * body, or one that trickles in a byte a second, costs no thread time and no memory.
 */
public final class Refusal extends Exception {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final FaultCode code;
  private final Map<String, String> headers = new LinkedHashMap<>();

  /**
   * @param status the HTTP status
   * @param code the fault code (README "Faults")
   * @param message what is wrong, in the IE's words
   */
  public Refusal(int status, FaultCode code, String message) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
  }

  /** The same refusal with one more response header. */
  public Refusal withHeader(String name, String value) {
    headers.put(name, value);
    return this;
  }

  public int status() {
    return status;
  }

  public FaultCode code() {
    return code;
  }

  /** Missing or wrong credentials: 401 with the Basic challenge toolkits answer. */
  static Refusal notAuthenticated(String message) {
    return new Refusal(401, FaultCode.NOT_AUTHENTICATED, message)
        .withHeader("WWW-Authenticate", "Basic realm=\"Instrument Element\"");
  }

  /**
   * Sends the refusal on a request that is not asynchronous yet, making it asynchronous for that
   * (see the class comment); if the container cannot, sends it plainly.
   */
  public void send(HttpServletRequest request, HttpServletResponse response) throws IOException {
    AsyncContext async = null;
    if (request.isAsyncStarted()) {
      async = request.getAsyncContext();
    } else if (request.isAsyncSupported()) {
      async = request.startAsync();
    }
    send(response, async);
  }

  /** Sends the refusal and completes {@code async} (if not null). */
  void send(HttpServletResponse response, AsyncContext async) throws IOException {
    try {
      if (!response.isCommitted()) {
        response.reset();
        response.setStatus(status);
        headers.forEach(response::setHeader);
        response.setHeader("Connection", "close");
        response.setContentType("text/xml;charset=UTF-8");
        byte[] body = SoapFaultDocument.of(code, getMessage()).getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
        response.flushBuffer();
      }
    } finally {
      if (async != null) {
        async.complete();
      }
    }
  }
}
