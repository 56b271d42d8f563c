package org.instrumentelement.ie.server.request;

import javax.xml.stream.XMLStreamException;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.ie.soap.InstrumentElementFault;

/**
 * A request refused while it was read, with the fault code and the message the client gets. An
 * {@link XMLStreamException} so that it passes through JAXB and CXF as a reading failure and stays
 * in the cause chain of the fault they raise.
 */
public final class RequestRefused extends XMLStreamException {
  private static final long serialVersionUID = 1L;
  private final FaultCode code;

  public RequestRefused(FaultCode code, String message) {
    super(message);
    this.code = code;
  }

  public FaultCode code() {
    return code;
  }

  /** Text from a request, cut to {@code max} characters (with its length) for quoting. */
  public static String quote(String text, int max) {
    return InstrumentElementFault.quote(text, max);
  }
}
