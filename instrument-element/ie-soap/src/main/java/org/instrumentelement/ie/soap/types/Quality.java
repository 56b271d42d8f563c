package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlEnum;
import jakarta.xml.bind.annotation.XmlType;

/**
 * How far a value can be trusted: GOOD, or WARNING / ALARM for a good value beyond a warning or
 * alarm limit of its attribute; UNCERTAIN, BAD.
 */
@XmlType(name = "Quality")
@XmlEnum
public enum Quality {
  GOOD,
  WARNING,
  ALARM,
  UNCERTAIN,
  BAD
}
