package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** How many addresses and user names were forgotten. */
@XmlType(
    name = "ClearLoginFailuresResponse",
    propOrder = {"cleared"})
public class ClearLoginFailuresResponse {
  public int cleared;
}
