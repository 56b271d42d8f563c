package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlEnum;
import jakarta.xml.bind.annotation.XmlType;

/** How a vector of doubles travels in a response. */
@XmlType(name = "VectorEncoding")
@XmlEnum
public enum VectorEncoding {
  /**
   * In {@code doubles}: a space-separated xs:list of xs:double, readable by any SOAP toolkit (about
   * 2.4 times the size of the raw doubles).
   */
  XML,
  /**
   * In {@code data}: the raw IEEE-754 float64 values, little-endian, base64 inline (1.35 times) or
   * as an MTOM attachment when the request itself was sent with MTOM (1.04 times).
   */
  BINARY,
  /**
   * As BINARY, except that a trace kept as the instrument's 8/16-bit codes comes as those codes in
   * {@code data}, like a codes topic's body, with {@code codes} (INT8_CODES or INT16_CODES), {@code
   * scale} and {@code offset} on the value: value = code * scale + offset in double precision. A
   * vector of doubles comes as BINARY (no {@code codes}).
   */
  CODES
}
