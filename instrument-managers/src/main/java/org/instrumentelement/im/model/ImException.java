package org.instrumentelement.im.model;

import org.instrumentelement.ie.contract.FaultCode;

/** A refused request, with the code that tells a client why. */
public class ImException extends Exception {
  private static final long serialVersionUID = 1L;
  private final FaultCode code;

  public ImException(FaultCode code, String message) {
    super(message);
    this.code = code;
  }

  public ImException(FaultCode code, String message, Throwable cause) {
    super(message, cause);
    this.code = code;
  }

  public FaultCode code() {
    return code;
  }
}
