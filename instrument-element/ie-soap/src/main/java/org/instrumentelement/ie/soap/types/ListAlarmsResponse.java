package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** The active alarms, oldest first. */
@XmlType(
    name = "ListAlarmsResponse",
    propOrder = {"alarm"})
public class ListAlarmsResponse {
  public List<AlarmInfo> alarm;
}
