package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/**
 * Request (admin of everything): add a top-level IM at run time, built from these settings as
 * {@code im.<name>.*} lines of the configuration would build it, and kept across restarts.
 */
@XmlType(
    name = "AddInstrumentManager",
    propOrder = {"name", "type", "descriptor", "address", "description", "setting"})
public class AddInstrumentManager implements ImRequest {
  /** The IM's name, which is its path: letters, digits, '-', '_'. */
  @XmlElement(required = true)
  public String name;

  /** {@code im.<name>.type}; {@code scpi} when absent and a descriptor is given. */
  public String type;

  /** {@code im.<name>.descriptor}: a bundled SCPI descriptor ({@code keysight-infiniivision}). */
  public String descriptor;

  /** {@code im.<name>.address}: the resource string ({@code TCPIP::10.0.0.5::hislip0::INSTR}). */
  public String address;

  /** {@code im.<name>.description}. */
  public String description;

  /** Any other {@code im.<name>.*} setting ({@code param.points}, {@code timeout}); at most 64. */
  public List<Setting> setting;

  @Override
  public String targetIm() {
    return name;
  }
}
