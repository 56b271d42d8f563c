package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** The addresses and user names with recent failed passwords, most recent first. */
@XmlType(
    name = "ListLoginFailuresResponse",
    propOrder = {"entry"})
public class ListLoginFailuresResponse {
  public List<LoginFailureInfo> entry;
}
