package org.instrumentelement.im.model;

/**
 * An argument of a command.
 *
 * @param defaultValue used when the caller leaves the argument out; {@code null} makes it required
 */
public record ArgumentSpec(String name, ValueSpec spec, Value defaultValue, String description) {

  public boolean required() {
    return defaultValue == null;
  }
}
