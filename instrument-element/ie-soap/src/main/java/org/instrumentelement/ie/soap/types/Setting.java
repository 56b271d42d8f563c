package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;

/** One {@code im.<name>.<setting> = value} of an IM added at run time. */
@XmlType(
    name = "Setting",
    propOrder = {"name", "value"})
public class Setting {
  /** The setting after {@code im.<name>.} ({@code param.points}). */
  @XmlElement(required = true)
  public String name;

  @XmlElement(required = true)
  public String value;
}
