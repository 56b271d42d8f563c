package org.instrumentelement.ie.server.gate;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import org.instrumentelement.ie.config.HttpLimits;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.security.AccessControl;
import org.instrumentelement.ie.security.AuditLog;
import org.instrumentelement.ie.security.Caller;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The filter in front of the Instrument Element's servlets. A SOAP request (POST to the endpoint)
 * passes, in this order and before a byte of its body is read: its address's share of requests in
 * progress ({@code http.maxRequestsPerAddress}, else 429 {@code TOO_MANY_REQUESTS}), a SOAP content
 * type (else 415), HTTP Basic credentials (else 401 {@code NOT_AUTHENTICATED}), its declared length
 * ({@code soap.maxRequestBytes}, else 413 {@code REQUEST_TOO_LARGE}), and room in the memory budget
 * ({@code soap.requestMemory}, else 503 {@code SERVER_BUSY}). The SOAP stack then gets the caller
 * as the request attribute {@link #CALLER}, and the body complete: a small body that came with the
 * headers at once, from the connector's buffer; any other is first read without holding a thread,
 * within {@code http.requestBodyTimeout} (else 408 {@code REQUEST_TIMEOUT}), after one blocking
 * read for a client that waits for {@code 100 Continue}.
 *
 * <p>Only {@code GET ?wsdl} is served besides SOAP requests on the endpoint; other methods and
 * queries, and other paths below the services, get a fault (405, 404). Recording downloads (GET and
 * HEAD) need the same credentials as SOAP (else 401), and get the caller as {@link #CALLER}.
 * Elsewhere in the context (health, metrics) only GET and HEAD pass.
 */
public final class RequestGate extends HttpFilter {
  private static final long serialVersionUID = 1L;
  private static final Logger LOG = LoggerFactory.getLogger(RequestGate.class);

  /**
   * The largest body served straight from the connector's buffer when it arrived with the headers
   * (the connector reads 8 kB at a time; larger bodies are read asynchronously).
   */
  static final long IN_HAND = 8 * 1024;

  /** Request attribute holding the authenticated {@link Caller} of a SOAP request. */
  public static final String CALLER = Caller.class.getName();

  private final String servicesPath;
  private final String endpointPath;
  private final String downloadsPath;
  private final transient BasicAuthentication authentication;
  private final transient MemoryBudget memory;
  private final transient AddressQuota requestsPerAddress;
  private final transient ClientAddress clientAddress;
  private final transient BodyCollector.BodyLimit bodyLimit;
  private final Duration bodyDeadline;

  /**
   * @param servicesPath where the SOAP servlet is mapped in the context ({@code /services})
   * @param endpointPath the endpoint below it ({@code /InstrumentElement})
   * @param downloadsPath where recordings are downloaded ({@code /recordings}): GET and HEAD with
   *     the same credentials as SOAP
   * @param maxRequestBytes {@code soap.maxRequestBytes}
   */
  public RequestGate(
      String servicesPath,
      String endpointPath,
      String downloadsPath,
      AccessControl access,
      AuditLog audit,
      long maxRequestBytes,
      HttpLimits limits) {
    this.servicesPath = servicesPath;
    this.endpointPath = servicesPath + endpointPath;
    this.downloadsPath = downloadsPath;
    this.authentication = new BasicAuthentication(access);
    this.memory = new MemoryBudget(limits.requestMemoryBytes());
    this.requestsPerAddress = new AddressQuota(limits.maxRequestsPerAddress());
    this.clientAddress = new ClientAddress(limits.trustedProxies());
    this.bodyDeadline = limits.requestBodyTimeout();
    long largest = memory.largestBody();
    if (largest < maxRequestBytes) {
      LOG.warn(
          "soap.requestMemory ({} MB) holds requests of up to {} bytes: larger ones are refused"
              + " (REQUEST_TOO_LARGE) although soap.maxRequestBytes is {}; give the JVM more heap"
              + " (-Xmx) or soap.requestMemory a larger share",
          memory.capacity() >> 20,
          largest,
          maxRequestBytes);
      this.bodyLimit =
          new BodyCollector.BodyLimit(
              largest,
              "request larger than "
                  + largest
                  + " bytes, the most the memory set aside for requests can take"
                  + " (soap.requestMemory)");
    } else {
      this.bodyLimit =
          new BodyCollector.BodyLimit(
              maxRequestBytes,
              "request larger than " + maxRequestBytes + " bytes (soap.maxRequestBytes)");
      LOG.info(
          "Requests in progress may take {} MB of heap (soap.requestMemory): {} of the largest"
              + " ({} bytes, soap.maxRequestBytes) at once, more that are smaller",
          memory.capacity() >> 20,
          memory.capacity() / MemoryBudget.cost(maxRequestBytes),
          maxRequestBytes);
    }
  }

  /**
   * The address a request comes from as the gate counts it: the peer, or the client a trusted proxy
   * names (for the audit log).
   */
  public static String clientAddress(HttpServletRequest request) {
    Object a = request.getAttribute(ClientAddress.ATTRIBUTE);
    return a instanceof String s ? s : request.getRemoteAddr();
  }

  /** The memory budget of the requests in progress (tests and metrics). */
  public MemoryBudget memory() {
    return memory;
  }

  /** The requests in progress per client address (tests). */
  public AddressQuota requestsPerAddress() {
    return requestsPerAddress;
  }

  @Override
  protected void doFilter(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    if (request.getDispatcherType() == DispatcherType.ASYNC) {
      Object body = request.getAttribute(BodyCollector.BODY);
      if (body instanceof CollectedBody collected) {
        request.removeAttribute(BodyCollector.BODY);
        chain.doFilter(
            new ReadBodyRequest(request, collected.stream(), collected.size()), response);
      } else {
        chain.doFilter(request, response);
      }
      return;
    }
    String address = clientAddress.of(request);
    if (!requestsPerAddress.tryTake(address)) {
      new Refusal(
              429,
              FaultCode.TOO_MANY_REQUESTS,
              "too many requests in progress from "
                  + address
                  + " (at most "
                  + requestsPerAddress.perAddress()
                  + ", http.maxRequestsPerAddress); retry when some are answered")
          .withHeader("Retry-After", "1")
          .send(request, response);
      return;
    }
    boolean handedOver = false;
    try {
      String path = path(request);
      String method = request.getMethod();
      if (path.equals(endpointPath) && method.equals("POST")) {
        handedOver = admit(request, response, chain, address);
      } else if (path.equals(endpointPath)) {
        checkEndpointRead(request, method);
        chain.doFilter(request, response);
      } else if (path.equals(servicesPath) || path.startsWith(servicesPath + "/")) {
        throw new Refusal(
            404,
            FaultCode.MALFORMED_REQUEST,
            "no such service: the Instrument Element is at "
                + request.getContextPath()
                + endpointPath);
      } else if (path.startsWith(downloadsPath + "/") || path.equals(downloadsPath)) {
        if (!method.equals("GET") && !method.equals("HEAD")) {
          throw new Refusal(405, FaultCode.MALFORMED_REQUEST, "only GET and HEAD are served here")
              .withHeader("Allow", "GET, HEAD");
        }
        request.setAttribute(CALLER, authentication.caller(request, address));
        chain.doFilter(request, response);
      } else if (method.equals("GET") || method.equals("HEAD")) {
        chain.doFilter(request, response);
      } else {
        throw new Refusal(405, FaultCode.MALFORMED_REQUEST, "only GET and HEAD are served here")
            .withHeader("Allow", "GET, HEAD");
      }
    } catch (Refusal r) {
      LOG.debug(
          "refused {} {} from {}: {}", request.getMethod(), path(request), address, r.getMessage());
      r.send(request, response);
    } finally {
      if (!handedOver) {
        requestsPerAddress.release(address);
      }
    }
  }

  /** GET {@code ?wsdl} passes; anything else on the endpoint but POST is refused. */
  private static void checkEndpointRead(HttpServletRequest request, String method) throws Refusal {
    String query = request.getQueryString();
    if (method.equals("GET") && query != null && query.equalsIgnoreCase("wsdl")) {
      return;
    }
    if (method.equals("GET") && query != null) {
      throw new Refusal(
          404,
          FaultCode.MALFORMED_REQUEST,
          "no such document: the endpoint serves its WSDL at ?wsdl and SOAP requests by POST");
    }
    throw new Refusal(
            405,
            FaultCode.MALFORMED_REQUEST,
            "SOAP requests are sent by POST; the WSDL is at ?wsdl")
        .withHeader("Allow", "POST, GET");
  }

  /**
   * Checks a SOAP request's headers and starts reading its body.
   *
   * @return true: the request is under way, and its body collector gives back its slot
   */
  private boolean admit(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain, String address)
      throws Refusal, IOException, ServletException {
    if (!SoapMediaTypes.isSoap(request.getContentType())) {
      throw new Refusal(
              415,
              FaultCode.MALFORMED_REQUEST,
              "not a SOAP request: the content type must be text/xml (SOAP 1.1),"
                  + " application/soap+xml (SOAP 1.2) or multipart/related (MTOM)")
          .withHeader("Accept", SoapMediaTypes.ACCEPTED);
    }
    // Strangers learn nothing, not even the size limit: credentials come first.
    Caller caller = authentication.caller(request, clientAddress.of(request));
    long declared = request.getContentLengthLong();
    if (declared > bodyLimit.bytes()) {
      throw new Refusal(413, FaultCode.REQUEST_TOO_LARGE, bodyLimit.message());
    }
    MemoryBudget.Charge charge = memory.tryCharge(Math.max(0, declared));
    if (charge == null) {
      throw busy();
    }
    request.setAttribute(CALLER, caller);
    ServletInputStream in = request.getInputStream();
    CollectedBody body = new CollectedBody(declared);
    if (declared != 0 && "100-continue".equalsIgnoreCase(request.getHeader("Expect"))) {
      // Tomcat sends "100 Continue" when the body is first read, and a non-blocking read never
      // starts while the client waits for it: one blocking read sends it and takes the first
      // bytes, a round trip for a client that sends its body as soon as it may.
      byte[] room = body.room();
      int n = in.read(room, body.offset(), room.length - body.offset());
      if (n > 0) {
        body.filled(n);
      }
    }
    if (declared >= 0 && declared <= IN_HAND) {
      inHand(in, body, declared);
      if (body.size() == declared) {
        // The whole body came with the headers, as with most requests: the SOAP stack reads it
        // now, on this thread, from memory.
        try {
          chain.doFilter(new ReadBodyRequest(request, body.stream(), declared), response);
        } finally {
          charge.release();
        }
        return false;
      }
    }
    AsyncContext async = request.startAsync();
    new BodyCollector(
            async,
            in,
            body,
            charge,
            bodyLimit,
            bodyDeadline,
            () -> requestsPerAddress.release(address))
        .start();
    return true;
  }

  /**
   * Reads what the connector holds of a small body already, never waiting for more: a read follows
   * only an {@code available()} that found bytes in hand. (Tomcat's {@code available()} says 1 for
   * "some", not how many, so the body cannot be measured before it is read.)
   */
  private static void inHand(ServletInputStream in, CollectedBody body, long declared)
      throws IOException {
    while (body.size() < declared && in.available() > 0) {
      byte[] room = body.room();
      int n = in.read(room, body.offset(), room.length - body.offset());
      if (n < 0) {
        return;
      }
      body.filled(n);
    }
  }

  /** The memory set aside for requests is taken: retry soon. */
  static Refusal busy() {
    return new Refusal(
            503,
            FaultCode.SERVER_BUSY,
            "the server is busy with other large requests (soap.requestMemory); retry shortly")
        .withHeader("Retry-After", "1");
  }

  private static String path(HttpServletRequest request) {
    String servlet = request.getServletPath();
    String info = request.getPathInfo();
    return (servlet == null ? "" : servlet) + (info == null ? "" : info);
  }

  /** A duration as a person reads it: {@code 30 s}, {@code 500 ms}. */
  static String describe(Duration d) {
    long ms = d.toMillis();
    return ms % 1000 == 0 ? ms / 1000 + " s" : ms + " ms";
  }
}
