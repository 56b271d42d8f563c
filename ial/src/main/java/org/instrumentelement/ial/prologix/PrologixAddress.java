package org.instrumentelement.ial.prologix;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.instrumentelement.ial.InvalidResourceNameException;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.transport.TcpipAddress;

/**
 * An instrument behind a Prologix-style LAN/GPIB gateway: {@code
 * PROLOGIX[board]::host[,port]::gpib0,N[,S]::INSTR}. The gateway's TCP port is 1234 unless given
 * (as in VXI-11's {@code host,port}); {@code gpib0,N[,S]} is the GPIB primary address N (0..30) and
 * the optional secondary address S (0..30, sent on the bus as 96 + S), written as VXI-11 gateways
 * name the same device ({@code TCPIP::host::gpib0,N[,S]::INSTR}).
 *
 * @param secondary the secondary address, or {@link #NO_SECONDARY}
 */
public record PrologixAddress(String host, int port, int primary, int secondary) {
  /** The TCP port of Prologix GPIB-ETHERNET controllers. */
  public static final int DEFAULT_PORT = 1234;

  /** The secondary address of a device that has none. */
  public static final int NO_SECONDARY = -1;

  /** The interface type of the resource string. */
  public static final String INTERFACE = "PROLOGIX";

  private static final Pattern DEVICE = Pattern.compile("(?i)gpib0,([0-9]{1,2})(?:,([0-9]{1,2}))?");

  /** Parses {@code PROLOGIX[board]::host[,port]::gpib0,N[,S]::INSTR}. */
  public static PrologixAddress parse(ResourceName name) throws InvalidResourceNameException {
    if (!name.interfaceType().equals(INTERFACE)
        || !name.resourceClass().equals("INSTR")
        || name.fields().size() != 2) {
      throw new InvalidResourceNameException(
          name.text(), "a Prologix address is PROLOGIX::host[,port]::gpib0,N[,S]::INSTR");
    }
    String hostField = name.fields().get(0);
    int comma = hostField.indexOf(',');
    String host = TcpipAddress.host(name, comma < 0 ? hostField : hostField.substring(0, comma));
    int port = comma < 0 ? DEFAULT_PORT : TcpipAddress.port(name, hostField.substring(comma + 1));
    Matcher m = DEVICE.matcher(name.fields().get(1));
    if (!m.matches()) {
      throw new InvalidResourceNameException(
          name.text(),
          "'" + name.fields().get(1) + "' is not a GPIB address such as gpib0,5 or gpib0,5,2");
    }
    int primary = Integer.parseInt(m.group(1));
    int secondary = m.group(2) == null ? NO_SECONDARY : Integer.parseInt(m.group(2));
    if (primary > 30 || secondary > 30) {
      throw new InvalidResourceNameException(
          name.text(), "GPIB addresses are 0..30 (primary and secondary)");
    }
    return new PrologixAddress(host, port, primary, secondary);
  }

  /** The gateway this device is behind: {@code host:port}. */
  public String gateway() {
    return host + ":" + port;
  }

  /** The address as {@code ++addr} takes and answers it: {@code 5}, or {@code 5 98}. */
  public String busAddress() {
    return secondary == NO_SECONDARY ? Integer.toString(primary) : primary + " " + (96 + secondary);
  }

  @Override
  public String toString() {
    return "GPIB " + primary + (secondary == NO_SECONDARY ? "" : "," + secondary);
  }
}
