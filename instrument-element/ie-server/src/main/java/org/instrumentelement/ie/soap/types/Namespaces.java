package org.instrumentelement.ie.soap.types;

/** XML namespaces of the API. */
public final class Namespaces {
  /** Version 1 of the Instrument Element API. */
  public static final String IE = "http://instrumentelement.org/ie/1";

  private Namespaces() {}
}
