package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** An attribute and the states in which it may be read and written. */
@XmlType(
    name = "AttributeInfo",
    propOrder = {"writable", "subscribable", "readableIn", "writableIn"})
public class AttributeInfo extends ItemInfo {
  public boolean writable;

  /** Whether the IM can publish the attribute's changes to a JMS topic. */
  public boolean subscribable;

  public List<String> readableIn;
  public List<String> writableIn;
}
