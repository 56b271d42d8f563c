package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request (admin of everything): remove an IM added at run time. */
@XmlType(
    name = "RemoveInstrumentManager",
    propOrder = {"im"})
public class RemoveInstrumentManager implements ImRequest {
  @XmlElement(required = true)
  public String im;

  @Override
  public String targetIm() {
    return im;
  }
}
