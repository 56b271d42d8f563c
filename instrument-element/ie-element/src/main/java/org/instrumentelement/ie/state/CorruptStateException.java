package org.instrumentelement.ie.state;

/** The state file cannot be trusted: unreadable, incomplete, altered or of an unknown format. */
public final class CorruptStateException extends Exception {
  private static final long serialVersionUID = 1L;

  public CorruptStateException(String message) {
    super(message);
  }
}
