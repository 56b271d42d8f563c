package org.instrumentelement.ial.scpi.device;

import java.util.List;

/**
 * One program message unit (a command or a query with its parameters), or the syntax error that
 * stopped the parser at this point of the message.
 *
 * @param error {@code null}, or the error: then header and parameters are {@code null}
 */
public record ProgramUnit(ProgramHeader header, List<ProgramData> parameters, ScpiError error) {

  static ProgramUnit failed(ScpiError error) {
    return new ProgramUnit(null, null, error);
  }

  /** Whether the parser rejected this unit. */
  public boolean failed() {
    return error != null;
  }
}
