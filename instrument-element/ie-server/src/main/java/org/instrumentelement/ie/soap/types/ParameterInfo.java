package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** A parameter with its current value and the states in which it may be set. */
@XmlType(
    name = "ParameterInfo",
    propOrder = {"settableIn", "value"})
public class ParameterInfo extends ItemInfo {
  public List<String> settableIn;
  public Value value;
}
