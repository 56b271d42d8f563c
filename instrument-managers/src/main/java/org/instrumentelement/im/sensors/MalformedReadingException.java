package org.instrumentelement.im.sensors;

/** A node message that is not a reading in the IM's format; it is counted and dropped. */
public final class MalformedReadingException extends Exception {
  private static final long serialVersionUID = 1L;

  public MalformedReadingException(String message) {
    super(message, null, false, false);
  }
}
