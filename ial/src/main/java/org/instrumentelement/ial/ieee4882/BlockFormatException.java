package org.instrumentelement.ial.ieee4882;

import org.instrumentelement.ial.InstrumentException;

/** The instrument sent something that is not a well-formed IEEE 488.2 block. */
public class BlockFormatException extends InstrumentException {
  private static final long serialVersionUID = 1L;

  public BlockFormatException(String message) {
    super(message);
  }
}
