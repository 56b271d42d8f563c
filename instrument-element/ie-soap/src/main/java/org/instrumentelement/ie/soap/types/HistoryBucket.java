package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;

/**
 * One bucket of a processed answer: the statistics of the samples from {@code from} (inclusive) to
 * {@code to} (exclusive, except for the last bucket). A bucket without samples has count 0 and no
 * statistics; {@code gap} says whether the archive knows why.
 */
@XmlType(name = "HistoryBucket")
public class HistoryBucket {
  @XmlAttribute(required = true)
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant from;

  @XmlAttribute(required = true)
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant to;

  @XmlAttribute(required = true)
  public long count;

  @XmlAttribute public Double min;
  @XmlAttribute public Double max;
  @XmlAttribute public Double mean;
  @XmlAttribute public Double first;
  @XmlAttribute public Double last;

  /** The worst quality of its samples. */
  @XmlAttribute public Quality worstQuality;

  /** Whether a gap covers part of it. */
  @XmlAttribute public Boolean gap;
}
