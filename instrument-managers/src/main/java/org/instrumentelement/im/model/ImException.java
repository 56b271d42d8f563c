package org.instrumentelement.im.model;

/** A refused request, with the code that tells a client why. */
public class ImException extends Exception {
  private static final long serialVersionUID = 1L;
  private final ErrorCode code;

  public ImException(ErrorCode code, String message) {
    super(message);
    this.code = code;
  }

  public ImException(ErrorCode code, String message, Throwable cause) {
    super(message, cause);
    this.code = code;
  }

  public ErrorCode code() {
    return code;
  }
}
