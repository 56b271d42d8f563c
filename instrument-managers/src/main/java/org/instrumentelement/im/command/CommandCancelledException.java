package org.instrumentelement.im.command;

import org.instrumentelement.im.model.ErrorCode;
import org.instrumentelement.im.model.ImException;

/** Thrown inside a long-running command's body when it stops because it was cancelled. */
public final class CommandCancelledException extends ImException {
  private static final long serialVersionUID = 1L;

  public CommandCancelledException() {
    super(ErrorCode.CANCELLED, "the command was cancelled");
  }
}
