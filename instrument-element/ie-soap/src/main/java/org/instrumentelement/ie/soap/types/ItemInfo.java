package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlSeeAlso;
import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** Name, type and limits shared by parameters, attributes and command arguments. */
@XmlType(
    name = "ItemInfo",
    propOrder = {
      "name",
      "type",
      "units",
      "minimum",
      "maximum",
      "choice",
      "maxLength",
      "description"
    })
@XmlSeeAlso({ParameterInfo.class, AttributeInfo.class, ArgumentInfo.class})
public class ItemInfo {
  public String name;
  public ValueType type;
  public String units;

  /** Smallest accepted number, when limited. */
  public Double minimum;

  /** Largest accepted number, when limited. */
  public Double maximum;

  /** The accepted values of an ENUM. */
  public List<String> choice;

  /** Longest accepted string or vector, when limited. */
  public Integer maxLength;

  public String description;
}
