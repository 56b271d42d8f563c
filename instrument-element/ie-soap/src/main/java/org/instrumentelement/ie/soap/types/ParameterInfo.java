package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlSchemaType;
import jakarta.xml.bind.annotation.XmlType;
import jakarta.xml.bind.annotation.adapters.XmlJavaTypeAdapter;
import java.time.Instant;
import java.util.List;

/**
 * A parameter with its current value, the states in which it may be set, and where the value came
 * from (added after the first version of the contract: optional, at the end).
 */
@XmlType(
    name = "ParameterInfo",
    propOrder = {"settableIn", "value", "source", "setBy", "setAt"})
public class ParameterInfo extends ItemInfo {
  public List<String> settableIn;
  public Value value;

  /**
   * Where the value came from: {@code DEFAULT}, {@code FILE} (the configuration), {@code RESTORED}
   * (kept from the last run), {@code SET} (by a client), {@code INSTRUMENT} (chosen by the
   * instrument during a command) or {@code READ_BACK} (read from the instrument at link).
   */
  public String source;

  /** The user who set it (also for a restored value); absent for defaults, the file, read-backs. */
  public String setBy;

  /** When it was set, restored from, chosen or read back; absent for defaults and the file. */
  @XmlSchemaType(name = "dateTime")
  @XmlJavaTypeAdapter(InstantAdapter.class)
  public Instant setAt;
}
