package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Request: the long-running commands kept (running, or ended within the retention). */
@XmlType(
    name = "ListCommands",
    propOrder = {"im"})
public class ListCommands implements ImRequest {
  /** Only this IM's; absent: those of every IM the caller may observe. */
  public String im;

  @Override
  public String targetIm() {
    return im;
  }
}
