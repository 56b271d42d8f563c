package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** The alarm limits in effect. */
@XmlType(
    name = "ListAlarmLimitsResponse",
    propOrder = {"limits"})
public class ListAlarmLimitsResponse {
  public List<AlarmLimitsInfo> limits;
}
