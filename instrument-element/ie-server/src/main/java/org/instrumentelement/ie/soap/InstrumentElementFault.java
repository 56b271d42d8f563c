package org.instrumentelement.ie.soap;

import jakarta.xml.ws.WebFault;
import org.instrumentelement.ie.soap.types.FaultInfo;
import org.instrumentelement.ie.soap.types.Namespaces;
import org.instrumentelement.im.model.ErrorCode;
import org.instrumentelement.im.model.ImException;

/** The one fault of the API; its detail says why, with a stable code. */
@WebFault(name = "fault", targetNamespace = Namespaces.IE)
public class InstrumentElementFault extends Exception {
  private static final long serialVersionUID = 1L;
  private final transient FaultInfo faultInfo;

  public InstrumentElementFault(String message, FaultInfo faultInfo) {
    super(message);
    this.faultInfo = faultInfo;
  }

  public InstrumentElementFault(String message, FaultInfo faultInfo, Throwable cause) {
    super(message, cause);
    this.faultInfo = faultInfo;
  }

  /** A fault for a refused request on {@code im} (and {@code item}, when it concerned one). */
  public static InstrumentElementFault of(ImException e, String im, String item) {
    return new InstrumentElementFault(
        e.getMessage(), new FaultInfo(e.code().name(), e.getMessage(), im, item), e);
  }

  public static InstrumentElementFault of(ErrorCode code, String message) {
    return new InstrumentElementFault(message, new FaultInfo(code.name(), message, null, null));
  }

  public FaultInfo getFaultInfo() {
    return faultInfo;
  }
}
