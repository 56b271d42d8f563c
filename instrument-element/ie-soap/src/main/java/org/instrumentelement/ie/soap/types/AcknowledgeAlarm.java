package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** Request: acknowledge an active alarm. */
@XmlType(
    name = "AcknowledgeAlarm",
    propOrder = {"id"})
public class AcknowledgeAlarm implements ImRequest {
  /** The alarm's id, {@code <IM path>#<name>}, as listAlarms and the alarm topic give it. */
  @XmlElement(required = true)
  public String id;

  /** The IM of the alarm: the part of the id before {@code #}. */
  @Override
  public String targetIm() {
    if (id == null) {
      return null;
    }
    int hash = id.indexOf('#');
    return hash < 0 ? id : id.substring(0, hash);
  }
}
