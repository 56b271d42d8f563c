package org.instrumentelement.ie.config;

/** The configuration is wrong; the message says which key and why. */
public class ConfigException extends Exception {
  private static final long serialVersionUID = 1L;

  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
