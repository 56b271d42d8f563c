package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** Request: the alarm limits in effect, of one IM subtree or (im absent) of every IM observed. */
@XmlType(
    name = "ListAlarmLimits",
    propOrder = {"im"})
public class ListAlarmLimits implements ImRequest {
  public String im;

  @Override
  public String targetIm() {
    return im;
  }
}
