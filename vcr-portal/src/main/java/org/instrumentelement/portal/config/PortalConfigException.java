package org.instrumentelement.portal.config;

/** A configuration key is unknown or has an unusable value; the message names the key. */
public final class PortalConfigException extends Exception {
  private static final long serialVersionUID = 1L;

  public PortalConfigException(String message) {
    super(message);
  }
}
