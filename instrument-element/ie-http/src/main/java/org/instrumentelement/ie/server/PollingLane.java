package org.instrumentelement.ie.server;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.ByteBuffer;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.instrumentelement.ie.monitoring.Monitoring;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.Caller;
import org.instrumentelement.ie.server.gate.ReadBodyRequest;
import org.instrumentelement.ie.server.gate.RequestGate;
import org.instrumentelement.ie.soap.InstrumentElementFault;
import org.instrumentelement.ie.soap.InstrumentElementPort;
import org.instrumentelement.ie.soap.KeptAnswers;
import org.instrumentelement.ie.soap.types.GetAttribute;
import org.instrumentelement.ie.soap.types.GetAttributes;
import org.instrumentelement.ie.soap.types.Value;
import org.instrumentelement.im.model.ImException;

/**
 * The short way through the SOAP servlet for the hottest requests, plain {@code getAttribute} and
 * {@code getAttributes} polls: the {@link RequestGate} has authenticated the caller before the body
 * was read; the small body is read here with a pull parser ({@link PollRequest}), the caller's role
 * checked as {@link AccessControlInterceptor} checks it, the service called, the request timed into
 * the same metrics, and the answer written in one piece ({@link PollAnswer}), without CXF's
 * interceptor chain.
 *
 * <p>A getAttribute with a {@code maxAge} whose value is served from a kept read does strictly less
 * than any poll that reads: its body, byte for byte the body of a poll the lane read before, is
 * known without reading it again ({@link #KEPT_POLLS}); after the same authentication (by the gate)
 * and the same role check, the service is asked only whether that poll's answer is still its kept
 * answer ({@link KeptAnswers}), and if so the bytes {@link PollAnswer} kept for that answer leave
 * in one write, counted in the same metrics. Nothing is parsed, read from the instrument or
 * encoded; anything else (a value too old, changed, beyond an alarm limit, a refused role) takes
 * the usual way. Anything it does not fully understand (another operation, MTOM, a SOAP header such
 * as WS-Addressing, SOAP 1.2, a charset other than UTF-8, a SOAPAction, an unknown element, a value
 * not exactly valid, a refused role) goes on to CXF unchanged, which answers it, fault and all, as
 * it answers every request. Switched off with {@code soap.pollingLane = false}.
 */
final class PollingLane {
  /** Largest body the lane reads (a poll of a few attributes is about 400 bytes). */
  static final int LARGEST_BODY = 8 * 1024;

  /**
   * Most bodies of getAttribute polls with a {@code maxAge} kept with their reading; more, and they
   * start again.
   */
  static final int KEPT_POLLS = 256;

  private static final ThreadLocal<Caller> CALLER = new ThreadLocal<>();

  private final InstrumentElementPort service;
  private final AccessControl access;
  private final Monitoring monitoring;
  private final KeptAnswers keptAnswers;
  private final PollAnswer answers = new PollAnswer();

  /** getAttribute polls with a {@code maxAge} as the lane read them, by their body's bytes. */
  private final Map<ByteBuffer, PollRequest> keptPolls = new ConcurrentHashMap<>();

  PollingLane(InstrumentElementPort service, AccessControl access, Monitoring monitoring) {
    this.service = service;
    this.keptAnswers = service instanceof KeptAnswers k ? k : null;
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
    if (body.length != length) {
      return replay(request, body, in);
    }
    PollRequest poll = keptPolls.get(ByteBuffer.wrap(body));
    boolean known = poll != null;
    if (!known) {
      poll = PollRequest.read(body);
      if (poll == null) {
        return replay(request, body, in);
      }
      keep(body, poll);
    }
    String im =
        poll.request() instanceof GetAttribute g ? g.im : ((GetAttributes) poll.request()).im;
    try {
      access.checkRole(caller, Operations.role(poll.operation()).orElseThrow(), im);
    } catch (ImException refused) {
      return replay(request, body, in); // CXF refuses it, in its words, as for any other request
    }
    if (known && kept((GetAttribute) poll.request(), caller, started, response)) {
      return null;
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

  /**
   * What the lane does not take, CXF reads again: the bytes the lane read, then whatever is left.
   * Made only for such a request, not for every poll.
   */
  private static HttpServletRequest replay(
      HttpServletRequest request, byte[] body, InputStream in) {
    return new ReadBodyRequest(
        request, new SequenceInputStream(new ByteArrayInputStream(body), in), -1);
  }

  /** Keeps a getAttribute poll with a {@code maxAge} by its body, whose bytes are not changed. */
  private void keep(byte[] body, PollRequest poll) {
    if (keptAnswers == null || !poll.maxAge() || !(poll.request() instanceof GetAttribute)) {
      return;
    }
    if (keptPolls.size() >= KEPT_POLLS) {
      keptPolls.clear();
    }
    keptPolls.put(ByteBuffer.wrap(body), poll);
  }

  /**
   * Sends the bytes kept for the poll's kept answer, if the service would answer it from a kept
   * read and its bytes are kept.
   *
   * @return whether it was answered
   */
  private boolean kept(
      GetAttribute request, Caller caller, long started, HttpServletResponse response)
      throws IOException {
    Value value;
    CALLER.set(caller);
    try {
      value = keptAnswers.keptAnswer(request);
    } finally {
      CALLER.remove();
    }
    byte[] bytes = value == null ? null : answers.kept(value);
    if (bytes == null) {
      return false;
    }
    monitoring.recordRequest("getAttribute", "OK", System.nanoTime() - started);
    answers.send(bytes, response);
    return true;
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
