package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** A command argument; optional ones have a default. */
@XmlType(
    name = "ArgumentInfo",
    propOrder = {"required", "defaultValue"})
public class ArgumentInfo extends ItemInfo {
  public boolean required;
  public Value defaultValue;
}
