package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlEnum;
import jakarta.xml.bind.annotation.XmlType;

/** Which element of a {@link Value} carries the payload. */
@XmlType(name = "ValueType")
@XmlEnum
public enum ValueType {
  /** {@code doubleValue} */
  DOUBLE,
  /** {@code integerValue} */
  INTEGER,
  /** {@code booleanValue} */
  BOOLEAN,
  /** {@code stringValue} */
  STRING,
  /** {@code stringValue}, one of the item's choices */
  ENUM,
  /** {@code doubles} (XML) or {@code data} (binary) */
  DOUBLE_ARRAY
}
