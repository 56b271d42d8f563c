package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlEnum;
import jakarta.xml.bind.annotation.XmlType;

/** How far a value can be trusted. */
@XmlType(name = "Quality")
@XmlEnum
public enum Quality {
  GOOD,
  UNCERTAIN,
  BAD
}
