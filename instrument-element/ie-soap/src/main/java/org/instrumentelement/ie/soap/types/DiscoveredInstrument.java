package org.instrumentelement.ie.soap.types;

import jakarta.xml.bind.annotation.XmlType;
import java.util.List;

/**
 * One instrument a discovery found. Every text is what the network answered, cut and made printable
 * ASCII by the discovery: untrusted.
 */
@XmlType(
    name = "DiscoveredInstrument",
    propOrder = {"host", "identity", "resource", "foundBy", "match", "configuration", "note"})
public class DiscoveredInstrument {
  public String host;

  /** Its {@code *IDN?} reply; absent if no address of the host answered it. */
  public String identity;

  /** The addresses that reached it, best first (HiSLIP, VXI-11, raw socket). */
  public List<String> resource;

  /** What announced it. */
  public List<String> foundBy;

  /** The descriptors and mock models that fit its identity, descriptors first. */
  public List<IdentityMatchInfo> match;

  /** The configuration lines that add it ({@code im.<name>.type = scpi}, ...). */
  public List<String> configuration;

  /** What went wrong reaching it. */
  public List<String> note;
}
