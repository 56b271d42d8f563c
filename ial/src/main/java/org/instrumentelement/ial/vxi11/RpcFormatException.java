package org.instrumentelement.ial.vxi11;

import org.instrumentelement.ial.InstrumentException;

/** Bytes that are not a well-formed RPC record, RPC message or XDR value. */
public class RpcFormatException extends InstrumentException {
  private static final long serialVersionUID = 1L;

  public RpcFormatException(String message) {
    super(message);
  }
}
