package org.instrumentelement.ie.contract;

import java.net.URL;

/**
 * The SOAP API's contract: the WSDL the server publishes, checked in as a resource of this module
 * ({@value #RESOURCE}). The Java client is generated from it, the server's {@code WsdlContractIT}
 * fails when what the server publishes differs from it, and the Python client's tests validate
 * their requests against its schema.
 */
public final class Wsdl {
  /** The XML namespace of version 1 of the API: its messages' elements and the fault detail. */
  public static final String NAMESPACE = "http://instrumentelement.org/ie/1";

  /** Where the WSDL is on the class path. */
  public static final String RESOURCE = "wsdl/instrument-element.wsdl";

  private Wsdl() {}

  /** The checked-in WSDL, from this module's jar. */
  public static URL url() {
    URL u = Wsdl.class.getClassLoader().getResource(RESOURCE);
    if (u == null) {
      throw new IllegalStateException(RESOURCE + " is missing from the class path");
    }
    return u;
  }
}
