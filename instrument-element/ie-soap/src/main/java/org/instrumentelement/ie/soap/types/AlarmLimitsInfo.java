package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** The alarm limits of one number: an attribute's value, or a statistic of a vector attribute. */
@XmlType(
    name = "AlarmLimitsInfo",
    propOrder = {
      "im",
      "attribute",
      "statistic",
      "lowAlarm",
      "lowWarning",
      "highWarning",
      "highAlarm",
      "hysteresis",
      "delayMillis"
    })
public class AlarmLimitsInfo {
  public String im;
  public String attribute;

  /**
   * {@code min}, {@code max}, {@code mean}, {@code rms} or {@code peakToPeak}; absent: the value.
   */
  public String statistic;

  public Double lowAlarm;
  public Double lowWarning;
  public Double highWarning;
  public Double highAlarm;

  /** How far back inside a limit a value must come to leave its state. */
  public Double hysteresis;

  /** How long a value must stay beyond a limit before the alarm is raised. */
  public Long delayMillis;
}
