package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;

/**
 * Where nothing was archived, and why: {@code IE_DOWN}, {@code NOT_LINKED}, {@code SAMPLING_OFF},
 * {@code ARCHIVE_STOPPED}, {@code DATA_LOST} (text, so that reasons can be added).
 */
@XmlType(name = "HistoryGap")
public class HistoryGap {
  @XmlAttribute(required = true)
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant from;

  /** Absent while it lasts. */
  @XmlAttribute
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant to;

  @XmlAttribute(required = true)
  public String reason;
}
