package org.instrumentelement.ial.scpi.device;

/** Thrown where an instrument would refuse a command, with the error it would queue. */
public final class ScpiErrorException extends Exception {
  private static final long serialVersionUID = 1L;

  /** The error the instrument queues. */
  private final transient ScpiError error;

  public ScpiErrorException(ScpiError error) {
    super(error.message(), null, false, false);
    this.error = error;
  }

  /** The error the instrument queues. */
  public ScpiError error() {
    return error;
  }
}
