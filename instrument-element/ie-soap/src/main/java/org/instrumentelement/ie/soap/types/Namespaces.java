package org.instrumentelement.ie.soap.types;

import org.instrumentelement.ie.contract.Wsdl;

/** XML namespaces of the API. */
public final class Namespaces {
  /** Version 1 of the Instrument Element API. */
  public static final String IE = Wsdl.NAMESPACE;

  private Namespaces() {}
}
