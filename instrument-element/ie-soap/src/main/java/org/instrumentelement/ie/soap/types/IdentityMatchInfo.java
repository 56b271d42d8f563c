package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** A descriptor or mock model that fits a discovered instrument's identity. */
@XmlType(
    name = "IdentityMatchInfo",
    propOrder = {"kind", "name"})
public class IdentityMatchInfo {
  /** {@code descriptor} or {@code mock model}. */
  public String kind;

  /** {@code keysight-infiniivision}, {@code keysight-scope}. */
  public String name;
}
