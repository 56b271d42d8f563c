package org.instrumentelement.ial.hislip;

import org.instrumentelement.ial.InstrumentException;

/** Bytes that are not a well-formed HiSLIP message, or a message out of place. */
public class HislipFormatException extends InstrumentException {
  private static final long serialVersionUID = 1L;

  public HislipFormatException(String message) {
    super(message);
  }
}
