package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;

/** A parameter that took a value while the Instrument Element ran. */
@XmlType(
    name = "ParameterChangeInfo",
    propOrder = {"revision", "time", "user", "source", "parameter", "oldValue", "newValue"})
public class ParameterChangeInfo {
  /** The provenance revision this change made. */
  public long revision;

  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant time;

  /** Who set it; absent when the instrument chose it, or it was read back or restored. */
  public String user;

  /**
   * {@code SET}, {@code INSTRUMENT} (chosen by the instrument), {@code READ_BACK}, {@code
   * RESTORED}.
   */
  public String source;

  public String parameter;

  public String oldValue;

  public String newValue;
}
