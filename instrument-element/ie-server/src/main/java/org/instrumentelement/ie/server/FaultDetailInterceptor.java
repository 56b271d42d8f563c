package org.instrumentelement.ie.server;

import javax.xml.namespace.QName;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.phase.Phase;
import org.instrumentelement.ie.soap.InstrumentElementFault;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.im.model.ErrorCode;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Gives every fault the same shape: a {@code <fault>} detail with a code, also for faults raised
 * before the service runs (unparseable or hostile XML, oversized requests), and a SOAP fault code
 * that says whose fault it is: {@code Client} for a request that must change, {@code Server} for an
 * instrument or internal failure.
 */
public final class FaultDetailInterceptor extends AbstractSoapInterceptor {
  private static final QName CLIENT =
      new QName("http://schemas.xmlsoap.org/soap/envelope/", "Client");
  private static final QName SERVER =
      new QName("http://schemas.xmlsoap.org/soap/envelope/", "Server");

  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(FaultDetailInterceptor.class);

  public FaultDetailInterceptor() {
    super(Phase.PRE_MARSHAL);
  }

  @Override
  public void handleMessage(SoapMessage message) {
    Exception e = message.getContent(Exception.class);
    if (!(e instanceof Fault fault)) {
      return;
    }
    ErrorCode code = classify(fault, message);
    fault.setFaultCode(isServerSide(code) ? SERVER : CLIENT);
    if (code == ErrorCode.NOT_AUTHENTICATED) {
      // Plain HTTP authentication: toolkits retry with credentials on a 401 challenge.
      message.put(org.apache.cxf.message.Message.RESPONSE_CODE, 401);
      @SuppressWarnings("unchecked")
      java.util.Map<String, java.util.List<String>> headers =
          (java.util.Map<String, java.util.List<String>>)
              message.get(org.apache.cxf.message.Message.PROTOCOL_HEADERS);
      if (headers == null) {
        headers = new java.util.TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        message.put(org.apache.cxf.message.Message.PROTOCOL_HEADERS, headers);
      }
      headers.put("WWW-Authenticate", java.util.List.of("Basic realm=\"Instrument Element\""));
    }
    if (fault.getCause() instanceof InstrumentElementFault) {
      return; // WebFaultOutInterceptor has written the declared detail already
    }
    Element detail = fault.getOrCreateDetail();
    Document doc = detail.getOwnerDocument();
    Element f = doc.createElementNS(Namespaces.IE, "fault");
    Element c = doc.createElementNS(Namespaces.IE, "code");
    c.setTextContent(code.name());
    Element m = doc.createElementNS(Namespaces.IE, "message");
    m.setTextContent(fault.getMessage());
    f.appendChild(c);
    f.appendChild(m);
    detail.appendChild(f);
    if (code == ErrorCode.INTERNAL_ERROR) {
      LOG.error("internal error while serving a request", fault);
      fault.setMessage("internal error: " + fault.getMessage());
    }
  }

  private static ErrorCode classify(Fault fault, SoapMessage message) {
    for (Throwable t = fault; t != null; t = t.getCause()) {
      if (t instanceof InstrumentElementFault ief) {
        return ErrorCode.valueOf(ief.getFaultInfo().code);
      }
      if (t instanceof RequestTooLargeException) {
        return ErrorCode.REQUEST_TOO_LARGE;
      }
      if (t instanceof NumberFormatException
          || t instanceof IllegalArgumentException
              && String.valueOf(t.getMessage()).contains("No enum")
          || t instanceof jakarta.xml.bind.UnmarshalException u
              && (u.getLinkedException() instanceof NumberFormatException
                  || u.getLinkedException() instanceof IllegalArgumentException)) {
        return ErrorCode.WRONG_TYPE; // text where the schema wants a number, an unknown enum name
      }
    }
    // Before the service runs, CXF fails only on the request itself (unreadable or hostile XML,
    // an unknown operation, a body that does not bind); after, anything not declared is our bug.
    boolean invoked =
        message.getExchange() != null && Boolean.TRUE.equals(message.getExchange().get(INVOKED));
    return invoked ? ErrorCode.INTERNAL_ERROR : ErrorCode.MALFORMED_REQUEST;
  }

  /** Exchange property set once the request is parsed and the service is about to run. */
  static final String INVOKED = "org.instrumentelement.ie.invoked";

  /** Marks the exchange just before the service runs. */
  public static final class InvocationMarker
      extends org.apache.cxf.phase.AbstractPhaseInterceptor<org.apache.cxf.message.Message> {
    public InvocationMarker() {
      super(Phase.PRE_INVOKE);
    }

    @Override
    public void handleMessage(org.apache.cxf.message.Message message) {
      message.getExchange().put(INVOKED, Boolean.TRUE);
    }
  }

  private static boolean isServerSide(ErrorCode code) {
    return code == ErrorCode.INSTRUMENT_ERROR
        || code == ErrorCode.INSTRUMENT_TIMEOUT
        || code == ErrorCode.INTERNAL_ERROR;
  }
}
