package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;

/**
 * An active alarm. {@code kind} and {@code severity} are text so that kinds can be added without
 * breaking generated clients: kind LIMIT, SAMPLING, NO_ANSWER, IM_ERROR or NODE; severity WARNING
 * or ALARM.
 */
@XmlType(
    name = "AlarmInfo",
    propOrder = {
      "id",
      "im",
      "name",
      "kind",
      "severity",
      "attribute",
      "value",
      "limit",
      "limitValue",
      "message",
      "raised",
      "acknowledgedBy",
      "acknowledged"
    })
public class AlarmInfo {
  /** {@code <IM path>#<name>}: what acknowledgeAlarm takes. */
  public String id;

  public String im;

  /** {@code peakToPeak}, {@code waveform.max}, {@code waveform.sampling}, {@code state}. */
  public String name;

  public String kind;
  public String severity;

  /** The attribute, absent for an alarm of the IM itself. */
  public String attribute;

  /** The number beyond the limit. */
  public Double value;

  /** {@code lowAlarm}, {@code lowWarning}, {@code highWarning} or {@code highAlarm}. */
  public String limit;

  public Double limitValue;
  public String message;

  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant raised;

  /** Who acknowledged it; absent while unacknowledged. */
  public String acknowledgedBy;

  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant acknowledged;
}
