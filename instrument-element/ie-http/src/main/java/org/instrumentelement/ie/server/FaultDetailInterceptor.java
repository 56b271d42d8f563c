package org.instrumentelement.ie.server;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.xml.namespace.QName;
import org.apache.cxf.binding.soap.SoapMessage;
import org.apache.cxf.binding.soap.interceptor.AbstractSoapInterceptor;
import org.apache.cxf.interceptor.Fault;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.soap.InstrumentElementFault;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * Gives every fault the same shape: a {@code <fault>} detail with a code and a message in the IE's
 * own words ({@link FaultWording}), also for faults raised before the service runs (unparseable or
 * hostile XML, oversized requests), and a SOAP fault code that says whose fault it is: {@code
 * Client} for a request that must change, {@code Server} for an instrument or internal failure.
 */
public final class FaultDetailInterceptor extends AbstractSoapInterceptor {
  private static final QName CLIENT =
      new QName("http://schemas.xmlsoap.org/soap/envelope/", "Client");
  private static final QName SERVER =
      new QName("http://schemas.xmlsoap.org/soap/envelope/", "Server");

  public FaultDetailInterceptor() {
    super(Phase.PRE_MARSHAL);
  }

  @Override
  public void handleMessage(SoapMessage message) {
    Exception e = message.getContent(Exception.class);
    if (!(e instanceof Fault fault)) {
      return;
    }
    FaultWording wording = FaultWording.of(message, fault);
    fault.setFaultCode(wording.code().serverSide() ? SERVER : CLIENT);
    fault.setMessage(wording.message());
    if (wording.code() == FaultCode.NOT_AUTHENTICATED) {
      challenge(message);
    }
    Element detail = fault.getOrCreateDetail();
    if (fault.getCause() instanceof InstrumentElementFault) {
      // WebFaultOutInterceptor has written the declared detail already: only its message may
      // differ (an internal error's reference)
      NodeList messages = detail.getElementsByTagNameNS(Namespaces.IE, "message");
      if (messages.getLength() > 0) {
        messages.item(0).setTextContent(wording.message());
      }
      return;
    }
    while (detail.getFirstChild() != null) {
      detail.removeChild(detail.getFirstChild()); // nothing of the library's own detail
    }
    Document doc = detail.getOwnerDocument();
    Element f = doc.createElementNS(Namespaces.IE, "fault");
    Element c = doc.createElementNS(Namespaces.IE, "code");
    c.setTextContent(wording.code().name());
    Element m = doc.createElementNS(Namespaces.IE, "message");
    m.setTextContent(wording.message());
    f.appendChild(c);
    f.appendChild(m);
    detail.appendChild(f);
  }

  /** Plain HTTP authentication: toolkits retry with credentials on a 401 challenge. */
  private static void challenge(SoapMessage message) {
    message.put(Message.RESPONSE_CODE, 401);
    @SuppressWarnings("unchecked")
    Map<String, List<String>> headers =
        (Map<String, List<String>>) message.get(Message.PROTOCOL_HEADERS);
    if (headers == null) {
      headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
      message.put(Message.PROTOCOL_HEADERS, headers);
    }
    headers.put("WWW-Authenticate", List.of("Basic realm=\"Instrument Element\""));
  }

  /** Exchange property set once the request is parsed and the service is about to run. */
  static final String INVOKED = "org.instrumentelement.ie.invoked";

  /** Marks the exchange just before the service runs. */
  public static final class InvocationMarker extends AbstractPhaseInterceptor<Message> {
    public InvocationMarker() {
      super(Phase.PRE_INVOKE);
    }

    @Override
    public void handleMessage(Message message) {
      message.getExchange().put(INVOKED, Boolean.TRUE);
    }
  }
}
