package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Request: the active alarms, of one IM subtree or (im absent) of every IM the caller observes. */
@XmlType(
    name = "ListAlarms",
    propOrder = {"im"})
public class ListAlarms implements ImRequest {
  /** An IM path: only the alarms of it and the IMs below it. */
  public String im;

  @Override
  public String targetIm() {
    return im;
  }
}
