package org.instrumentelement.ial;

/** The instrument did not answer within the session's timeout. */
public class InstrumentTimeoutException extends InstrumentException {
  private static final long serialVersionUID = 1L;

  public InstrumentTimeoutException(String message) {
    super(message);
  }
}
