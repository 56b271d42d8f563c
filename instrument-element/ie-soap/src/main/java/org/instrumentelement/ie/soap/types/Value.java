package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.Unmarshaller;
import jakarta.xml.bind.annotation.XmlAttribute;
import jakarta.xml.bind.annotation.XmlList;
import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;
import java.util.List;

/**
 * A typed value. Exactly one payload element is present: the one {@code type} names. In requests
 * {@code type}, {@code timestamp} and {@code quality} may be left out (the payload element says the
 * type); responses always carry them.
 */
@XmlType(
    name = "Value",
    propOrder = {"doubleValue", "integerValue", "booleanValue", "stringValue", "doubles", "data"})
public class Value {
  public Double doubleValue;
  public Long integerValue;
  public Boolean booleanValue;
  public String stringValue;

  /**
   * A vector as a space-separated list of doubles (encoding XML). Held as the items' text: the
   * schema type is still an xs:list of xs:double, but JAXB then prints each item as a string, with
   * no adapter looked up per item ({@link DoubleList} formats them). A request's list is read into
   * a {@link DoubleList} too (see {@link #beforeUnmarshal}), which parses each item as it comes.
   */
  @XmlList
  @XmlSchemaType(name = "double")
  public List<String> doubles;

  /**
   * A vector as little-endian IEEE-754 float64 values (encoding BINARY): base64 inline, or an MTOM
   * attachment when the request came as MTOM. (No xmime annotation: it would import a schema some
   * toolkits cannot resolve.)
   */
  public byte[] data;

  /** The item's name, where a response carries several values or a request names arguments. */
  @XmlAttribute public String name;

  @XmlAttribute public ValueType type;

  /** When the instrument produced the value. */
  @XmlAttribute
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant timestamp;

  @XmlAttribute public Quality quality;

  /** Number of doubles in a vector. */
  @XmlAttribute public Integer length;

  @XmlAttribute public String units;

  /**
   * The IM's provenance revision when the value was read (in getAttribute and getAttributes
   * answers): every change of the IM up to it was in effect; getProvenance says what it stands for.
   */
  @XmlAttribute public Long provenance;

  /**
   * With encoding CODES, for a trace kept as the instrument's codes: INT8_CODES or INT16_CODES, the
   * type of the codes in {@code data}; absent otherwise.
   */
  @XmlAttribute public String codes;

  /** With {@code codes}: the value of one code step. */
  @XmlAttribute public Double scale;

  /** With {@code codes}: the value of code 0 (value = code * scale + offset). */
  @XmlAttribute public Double offset;

  /** With {@code codes}, if the instrument has one: the code of no sample, read as NaN. */
  @XmlAttribute public Integer nanCode;

  /** With {@code codes}, if the instrument has one: the code of a sample clipped low. */
  @XmlAttribute public Integer clipLowCode;

  /** With {@code codes}, if the instrument has one: the code of a sample clipped high. */
  @XmlAttribute public Integer clipHighCode;

  /**
   * Called by JAXB before it reads a value: JAXB fills a list it finds in the field rather than a
   * new ArrayList of one String per item, which for a 16 MB request took ~500 MB of heap.
   */
  void beforeUnmarshal(Unmarshaller unmarshaller, Object parent) {
    doubles = new DoubleList();
  }

  /** Called by JAXB once it has read a value: no list element, no list. */
  void afterUnmarshal(Unmarshaller unmarshaller, Object parent) {
    if (doubles instanceof DoubleList d && !d.wasRead()) {
      doubles = null;
    }
  }
}
