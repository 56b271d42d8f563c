package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** The alarm as acknowledged. */
@XmlType(
    name = "AcknowledgeAlarmResponse",
    propOrder = {"alarm"})
public class AcknowledgeAlarmResponse {
  public AlarmInfo alarm;
}
