package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/** Everything about one Instrument Manager: its model and its current state. */
@XmlType(
    name = "ImDescription",
    propOrder = {
      "path",
      "name",
      "parent",
      "type",
      "description",
      "address",
      "state",
      "lastError",
      "stateName",
      "parameter",
      "attribute",
      "command",
      "child",
      "onLink"
    })
public class ImDescription {
  public String path;
  public String name;
  public String parent;
  public String type;
  public String description;

  /** The instrument's resource string. */
  public String address;

  public String state;

  /** Why the IM is in ERROR; absent otherwise. */
  public String lastError;

  /** Every state of the IM's state machine. */
  public List<String> stateName;

  public List<ParameterInfo> parameter;
  public List<AttributeInfo> attribute;
  public List<CommandInfo> command;

  /** Paths of the IMs directly below. */
  public List<String> child;

  /**
   * What linking does with the instrument: {@code apply}, {@code restore} or {@code readBack}
   * (added after the first version of the contract).
   */
  public String onLink;
}
