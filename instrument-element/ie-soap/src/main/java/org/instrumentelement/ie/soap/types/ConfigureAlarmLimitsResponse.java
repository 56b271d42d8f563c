package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** Every limit of the attribute now in effect. */
@XmlType(
    name = "ConfigureAlarmLimitsResponse",
    propOrder = {"limits"})
public class ConfigureAlarmLimitsResponse {
  public List<AlarmLimitsInfo> limits;
}
