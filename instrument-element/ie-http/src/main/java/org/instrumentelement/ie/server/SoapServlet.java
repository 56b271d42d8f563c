package org.instrumentelement.ie.server;

import jakarta.servlet.ServletConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.Charset;
import java.util.HashMap;
import java.util.Map;
import javax.xml.namespace.QName;
import org.apache.cxf.Bus;
import org.apache.cxf.endpoint.Server;
import org.apache.cxf.jaxb.JAXBDataBinding;
import org.apache.cxf.jaxws.JaxWsServerFactoryBean;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;
import org.apache.cxf.ws.policy.PolicyEngine;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.server.request.CheckedReadingInterceptor;
import org.instrumentelement.ie.server.request.CheckedRequestReader;
import org.instrumentelement.ie.server.request.MtomParts;
import org.instrumentelement.ie.server.request.RequestEndInterceptor;
import org.instrumentelement.ie.server.request.RequestShape;
import org.instrumentelement.ie.soap.InstrumentElementFault;
import org.instrumentelement.ie.soap.InstrumentElementPort;
import org.instrumentelement.ie.soap.types.Namespaces;

/**
 * The CXF servlet that publishes the Instrument Element endpoint at {@code
 * <servlet-path>/InstrumentElement}, with the limits and interceptors that guard it. Registered
 * programmatically (embedded Tomcat) or from a web application listener (WAR).
 */
public final class SoapServlet extends CXFNonSpringServlet {
  private static final long serialVersionUID = 1L;
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(SoapServlet.class);

  /** The endpoint's address below the servlet path. */
  public static final String ENDPOINT = "/InstrumentElement";

  /** Deepest XML nesting accepted in a request. */
  static final int MAX_ELEMENT_DEPTH = 32;

  /** Most elements accepted in a request. */
  static final int MAX_ELEMENT_COUNT = 200_000;

  /** Most children of one element accepted in a request. */
  static final int MAX_CHILD_ELEMENTS = 10_000;

  private final transient ServiceParts parts;
  private final transient PollingLane lane;

  public SoapServlet(ServiceParts parts) {
    this.parts = parts;
    this.lane =
        parts.pollingLane()
            ? new PollingLane(parts.service(), parts.access(), parts.monitoring())
            : null;
    LOG.info(
        "Polling lane {} (soap.pollingLane): plain getAttribute and getAttributes polls {}",
        lane == null ? "off" : "on",
        lane == null ? "go through CXF's chain" : "are answered without CXF's chain");
  }

  /**
   * Response buffer: a whole 2,500-double answer (47 kB as XML) fits, so it leaves in one write
   * with a Content-Length instead of 8 kB chunks.
   */
  static final int RESPONSE_BUFFER_BYTES = 64 * 1024;

  @Override
  protected void invoke(HttpServletRequest request, HttpServletResponse response)
      throws ServletException {
    response.setBufferSize(RESPONSE_BUFFER_BYTES);
    try {
      // Parsed only when the content type names a charset other than UTF-8: parsing it costs more
      // than reading a poll.
      String charset =
          mayNameUnknownCharset(request.getContentType()) ? request.getCharacterEncoding() : null;
      if (charset != null && !isKnown(charset)) {
        // CXF would fail before its chain runs, and the container would answer with its error page
        PlainSoapFault.write(
            response,
            FaultCode.MALFORMED_REQUEST,
            "the Content-Type names a character set the IE does not know: '"
                + InstrumentElementFault.quote(charset, 40)
                + "'");
        return;
      }
      HttpServletRequest generic = lane == null ? request : lane.serve(request, response);
      if (generic != null) {
        super.invoke(generic, response);
      }
    } catch (ServletException | RuntimeException e) {
      if (response.isCommitted()) {
        throw e;
      }
      writeInternalError(response, e);
    } catch (IOException e) {
      throw new ServletException(e);
    }
  }

  /** Content types of most SOAP requests, whose charset (UTF-8) needs no parsing to be known. */
  private static final String[] UTF_8_TYPES = {
    "text/xml; charset=utf-8",
    "text/xml;charset=utf-8",
    "text/xml; charset=\"utf-8\"",
    "application/soap+xml; charset=utf-8",
    "application/soap+xml;charset=utf-8"
  };

  private static boolean mayNameUnknownCharset(String contentType) {
    if (contentType == null) {
      return false;
    }
    for (String t : UTF_8_TYPES) {
      if (t.equalsIgnoreCase(contentType)) {
        return false; // named, and known
      }
    }
    for (int i = 0; i + 7 <= contentType.length(); i++) {
      if (contentType.regionMatches(true, i, "charset", 0, 7)) {
        return true;
      }
    }
    return false;
  }

  private static boolean isKnown(String charset) {
    try {
      return Charset.isSupported(charset);
    } catch (IllegalArgumentException e) {
      return false; // an illegal name
    }
  }

  private static void writeInternalError(HttpServletResponse response, Exception e)
      throws ServletException {
    FaultWording w = FaultWording.internal(e);
    try {
      PlainSoapFault.write(response, w.code(), w.message());
    } catch (IOException io) {
      throw new ServletException(io);
    }
  }

  @Override
  protected void loadBus(ServletConfig servletConfig) {
    super.loadBus(servletConfig);
    Bus bus = getBus();
    // Without a class loader of its own, CXF's servlet looks one up through the bus's resource
    // resolvers (a class-path scan) on every request.
    bus.setExtension(SoapServlet.class.getClassLoader(), ClassLoader.class);
    // No WS-Policy in this contract: its interceptors would run on every message for nothing.
    PolicyEngine policies = bus.getExtension(PolicyEngine.class);
    if (policies != null) {
      policies.setEnabled(false);
    }
    long maxRequestBytes = parts.maxRequestBytes();
    JaxWsServerFactoryBean factory = new JaxWsServerFactoryBean();
    factory.setBus(bus);
    factory.setServiceClass(InstrumentElementPort.class);
    factory.setServiceName(new QName(Namespaces.IE, "InstrumentElement"));
    factory.setEndpointName(new QName(Namespaces.IE, "InstrumentElementPort"));
    factory.setServiceBean(parts.service());
    factory.setAddress(ENDPOINT);
    Map<String, Object> props = new HashMap<>();
    // StAX limits against hostile XML; CXF already refuses DTDs (no XXE, no entity expansion).
    props.put("org.apache.cxf.stax.maxElementDepth", MAX_ELEMENT_DEPTH);
    props.put("org.apache.cxf.stax.maxElementCount", MAX_ELEMENT_COUNT);
    props.put("org.apache.cxf.stax.maxChildElements", MAX_CHILD_ELEMENTS);
    props.put(
        "org.apache.cxf.stax.maxTextLength", (int) Math.min(Integer.MAX_VALUE, maxRequestBytes));
    // Woodstox takes the attribute count only per factory (CXF's 500): the checked reader keeps
    // the tighter limit.
    props.put("org.apache.cxf.stax.maxAttributeCount", CheckedRequestReader.MAX_ATTRIBUTES);
    props.put("org.apache.cxf.stax.maxAttributeSize", 64 * 1024);
    props.put("attachment-max-count", MtomParts.MAX_ATTACHMENTS);
    factory.setProperties(props);
    factory.getInInterceptors().add(new RequestMetricsInterceptor.Start());
    factory.getInInterceptors().add(new RequestSizeInterceptor(maxRequestBytes));
    factory
        .getInInterceptors()
        .add(
            new CheckedReadingInterceptor(
                RequestShape.operations(InstrumentElementPort.class), Namespaces.IE));
    factory.getInInterceptors().add(new RequestEndInterceptor());
    factory.getInInterceptors().add(new AccessControlInterceptor(parts.access()));
    factory.getInInterceptors().add(new FaultDetailInterceptor.InvocationMarker());
    RequestMetricsInterceptor.Finish timing =
        new RequestMetricsInterceptor.Finish(parts.monitoring());
    factory.getOutInterceptors().add(timing);
    factory.getOutFaultInterceptors().add(timing);
    AuditInterceptor auditing = new AuditInterceptor(parts.audit());
    factory.getOutInterceptors().add(auditing);
    factory.getOutFaultInterceptors().add(auditing);
    factory.getOutInterceptors().add(new MtomNegotiationInterceptor());
    factory.getOutFaultInterceptors().add(new FaultDetailInterceptor());
    Server server = factory.create();
    AttributeAnswerInterceptor.install(server.getEndpoint().getBinding().getOutInterceptors());
    if (server.getEndpoint().getService().getDataBinding() instanceof JAXBDataBinding jaxb) {
      jaxb.setEscapeHandler(new TextEscaper());
    }
  }
}
