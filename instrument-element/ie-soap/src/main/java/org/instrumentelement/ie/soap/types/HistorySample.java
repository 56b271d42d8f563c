package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;

/**
 * One archived sample: {@code <sample time="..." value="0.125" quality="GOOD" sequence="42"
 * provenance="3"/>}; a vector's sample has no value (getHistoryValue gives it).
 */
@XmlType(name = "HistorySample")
public class HistorySample {
  /** When the instrument produced it. */
  @XmlAttribute(required = true)
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant time;

  @XmlAttribute public Quality quality;

  /** Its sequence number on its topic. */
  @XmlAttribute public Long sequence;

  /** The IM's provenance revision when it was read. */
  @XmlAttribute public Long provenance;

  /** The value of a scalar (full precision); absent for a vector. */
  @XmlAttribute public Double value;
}
