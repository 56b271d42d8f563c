package org.instrumentelement.ial;

/** A resource string does not follow the VISA grammar, or no transport accepts it. */
public class InvalidResourceNameException extends InstrumentException {
  private static final long serialVersionUID = 1L;

  public InvalidResourceNameException(String resource, String reason) {
    super("Invalid resource name '" + resource + "': " + reason);
  }
}
