package org.instrumentelement.ial;

import java.io.IOException;

/** The instrument could not be reached, refused a message, or answered something unusable. */
public class InstrumentException extends IOException {
  private static final long serialVersionUID = 1L;

  public InstrumentException(String message) {
    super(message);
  }

  public InstrumentException(String message, Throwable cause) {
    super(message, cause);
  }
}
