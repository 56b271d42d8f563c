package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** An IM's state and whether its instrument is connected. */
@XmlType(
    name = "ImStatus",
    propOrder = {"path", "state", "connected", "lastError"})
public class ImStatus {
  public String path;
  public String state;
  public boolean connected;
  public String lastError;
}
