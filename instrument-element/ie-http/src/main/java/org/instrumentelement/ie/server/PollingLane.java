package org.instrumentelement.ie.server;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Locale;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.server.gate.ReadBodyRequest;
import org.instrumentelement.ie.server.gate.RequestGate;
import org.instrumentelement.ie.soap.InstrumentElementFault;
import org.instrumentelement.ie.soap.InstrumentElementPort;
import org.instrumentelement.ie.soap.types.GetAttribute;
import org.instrumentelement.ie.soap.types.GetAttributes;
import org.instrumentelement.im.model.ImException;

/**
 * The short way through the SOAP servlet for the hottest requests, plain {@code getAttribute} and
 * {@code getAttributes} polls: the {@link RequestGate} has authenticated the caller before the body
 * was read; the small body is read here with a pull parser ({@link PollRequest}), the caller's role
 * checked as {@link AccessControlInterceptor} checks it, the service called, the request timed into
 * the same metrics, and the answer written in one piece ({@link PollAnswer}), without CXF's
 * interceptor chain. Anything it does not fully understand (another operation, MTOM, a SOAP header
 * such as WS-Addressing, SOAP 1.2, a charset other than UTF-8, a SOAPAction, an unknown element, a
 * value not exactly valid, a refused role) goes on to CXF unchanged, which answers it, fault and
 * all, as it answers every request. Switched off with {@code soap.pollingLane = false}.
 */
final class PollingLane {
  /** Largest body the lane reads (a poll of a few attributes is about 400 bytes). */
  static final int LARGEST_BODY = 8 * 1024;

  private static final ThreadLocal<Caller> CALLER = new ThreadLocal<>();

  private final InstrumentElementPort service;
  private final AccessControl access;
  private final Monitoring monitoring;
  private final PollAnswer answers = new PollAnswer();

  PollingLane(InstrumentElementPort service, AccessControl access, Monitoring monitoring) {
    this.service = service;
    this.access = access;
    this.monitoring = monitoring;
  }

  /** The caller of the poll this thread is serving in the lane, or null. */
  static Caller caller() {
    return CALLER.get();
  }

  /**
   * Serves the request if it is a plain poll.
   *
   * @return null when it was answered; else the request for CXF to serve, with the same body
   */
  HttpServletRequest serve(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    long started = System.nanoTime();
    int length = request.getContentLength();
    if (length <= 0
        || length > LARGEST_BODY
        || !plainSoap11(request.getContentType())
        || request.getHeader("Content-Encoding") != null
        || !emptyAction(request.getHeader("SOAPAction"))
        || !(request.getAttribute(RequestGate.CALLER) instanceof Caller caller)) {
      return request;
    }
    InputStream in = request.getInputStream();
    byte[] body = in.readNBytes(length);
    // What the lane does not take, CXF reads again: these bytes, then whatever is left.
    HttpServletRequest replay =
        new ReadBodyRequest(
            request, new SequenceInputStream(new ByteArrayInputStream(body), in), -1);
    if (body.length != length) {
      return replay;
    }
    PollRequest poll = PollRequest.read(body);
    if (poll == null) {
      return replay;
    }
    String im =
        poll.request() instanceof GetAttribute g ? g.im : ((GetAttributes) poll.request()).im;
    try {
      access.checkRole(caller, Operations.role(poll.operation()).orElseThrow(), im);
    } catch (ImException refused) {
      return replay; // CXF refuses it, in its words, as for any other request
    }
    Object answer = null;
    InstrumentElementFault fault = null;
    RuntimeException bug = null;
    CALLER.set(caller);
    try {
      answer =
          poll.request() instanceof GetAttribute g
              ? service.getAttribute(g)
              : service.getAttributes((GetAttributes) poll.request());
    } catch (InstrumentElementFault f) {
      fault = f;
    } catch (RuntimeException e) {
      bug = e;
    } finally {
      CALLER.remove();
    }
    // Recorded before the answer leaves, as CXF's chain records it: a client that has its answer
    // finds its request counted.
    String outcome = fault != null ? fault.getFaultInfo().code : bug != null ? "FAULT" : "OK";
    monitoring.recordRequest(poll.operation(), outcome, System.nanoTime() - started);
    if (fault != null) {
      answers.fault(fault, poll.request(), response);
    } else if (bug != null) {
      answers.internal(bug, response);
    } else {
      answers.write(answer, poll.maxAge(), response);
    }
    return null;
  }

  /** {@code text/xml}, with UTF-8 or no charset named. */
  private static boolean plainSoap11(String contentType) {
    if (contentType == null) {
      return false;
    }
    String t = contentType.toLowerCase(Locale.ROOT).replace(" ", "");
    return t.equals("text/xml")
        || t.equals("text/xml;charset=utf-8")
        || t.equals("text/xml;charset=\"utf-8\"");
  }

  /** No SOAPAction, or an empty one (the contract's operations declare none). */
  private static boolean emptyAction(String action) {
    return action == null || action.isEmpty() || action.equals("\"\"");
  }
}
