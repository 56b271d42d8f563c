package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;

/** One Instrument Manager in the hierarchy. */
@XmlType(
    name = "ImSummary",
    propOrder = {"path", "name", "parent", "type", "description", "state"})
public class ImSummary {
  /** Slash-separated position in the hierarchy, e.g. {@code lab/scope}: the IM's identifier. */
  public String path;

  public String name;

  /** Path of the IM above, absent at the top. */
  public String parent;

  /** Class of device, e.g. {@code oscilloscope}. */
  public String type;

  public String description;
  public String state;
}
