package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Request (admin of everything): forget the failed passwords of an address or a user name. */
@XmlType(
    name = "ClearLoginFailures",
    propOrder = {"key"})
public class ClearLoginFailures {
  /** An address or a user name, as listed; absent or empty: every one. */
  public String key;
}
