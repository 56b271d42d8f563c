package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/**
 * Request: set the alarm limits of one number of a subscribable attribute. They replace the limits
 * it had: an absent limit is no limit, so a request with none removes them all.
 */
@XmlType(
    name = "ConfigureAlarmLimits",
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
public class ConfigureAlarmLimits implements ImRequest {
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String attribute;

  /** For a vector: {@code min}, {@code max}, {@code mean}, {@code rms} or {@code peakToPeak}. */
  public String statistic;

  public Double lowAlarm;
  public Double lowWarning;
  public Double highWarning;
  public Double highAlarm;

  /** Default 0. */
  public Double hysteresis;

  /** Default 0: raised at once. */
  public Long delayMillis;

  @Override
  public String targetIm() {
    return im;
  }
}
