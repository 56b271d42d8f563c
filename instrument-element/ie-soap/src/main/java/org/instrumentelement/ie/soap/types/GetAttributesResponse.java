package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** The values in the order asked, each with its name. */
@XmlType(
    name = "GetAttributesResponse",
    propOrder = {"value"})
public class GetAttributesResponse {
  public List<Value> value;
}
