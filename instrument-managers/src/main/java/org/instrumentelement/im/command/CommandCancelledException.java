package org.instrumentelement.im.command;

import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.ImException;

/** Thrown inside a long-running command's body when it stops because it was cancelled. */
public final class CommandCancelledException extends ImException {
  private static final long serialVersionUID = 1L;

  public CommandCancelledException() {
    super(FaultCode.CANCELLED, "the command was cancelled");
  }
}
