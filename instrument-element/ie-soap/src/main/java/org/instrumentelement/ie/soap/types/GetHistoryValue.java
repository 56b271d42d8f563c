package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;

/** Request: the archived value of an attribute at or before a time (a whole vector). */
@XmlType(
    name = "GetHistoryValue",
    propOrder = {"im", "attribute", "time", "encoding"})
public class GetHistoryValue implements ImRequest {
  @XmlElement(required = true)
  public String im;

  @XmlElement(required = true)
  public String attribute;

  @XmlElement(required = true)
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant time;

  /** How a vector comes back; XML when absent. */
  public VectorEncoding encoding;

  @Override
  public String targetIm() {
    return im;
  }
}
