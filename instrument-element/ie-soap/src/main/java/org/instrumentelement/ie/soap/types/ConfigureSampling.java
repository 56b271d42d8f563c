package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: change how an attribute is sampled; absent fields keep their value. */
@XmlType(
    name = "ConfigureSampling",
    propOrder = {
      "im",
      "attribute",
      "samplingPeriodMillis",
      "deadband",
      "relativeDeadband",
      "heartbeatMillis",
      "samplingPeriodMicros"
    })
public class ConfigureSampling implements ImRequest {
  /** The IM's path. */
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String attribute;

  /** Time between reads in milliseconds; 0 stops sampling. */
  public Long samplingPeriodMillis;

  /** Smallest absolute change published; 0 publishes every change. */
  public Double deadband;

  /** Smallest change published as a fraction of the last value. */
  public Double relativeDeadband;

  /** Republish an unchanged value this often; 0 disables. */
  public Long heartbeatMillis;

  /**
   * Time between reads in microseconds, for periods that are not whole milliseconds (at least 100);
   * 0 stops sampling. Given with {@link #samplingPeriodMillis}, both must name the same period.
   */
  public Long samplingPeriodMicros;

  @Override
  public String targetIm() {
    return im;
  }
}
