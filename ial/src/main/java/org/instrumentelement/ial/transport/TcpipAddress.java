package org.instrumentelement.ial.transport;

import java.util.Locale;
import java.util.regex.Pattern;
import org.instrumentelement.ial.InvalidResourceNameException;
import org.instrumentelement.ial.ResourceName;

/**
 * Where a {@code TCPIP} resource string points: host, port and the device name inside the
 * instrument. The three grammars, as VISA defines them:
 *
 * <ul>
 *   <li>raw socket: {@code TCPIP[board]::host::port::SOCKET}
 *   <li>VXI-11: {@code TCPIP[board]::host[::device]::INSTR}, device {@code inst0} by default, port
 *       from the portmapper; or {@code host,port} to skip the portmapper
 *   <li>HiSLIP: {@code TCPIP[board]::host::hislipN[,port]::INSTR}, port 4880 by default
 * </ul>
 *
 * @param port the TCP port, or {@link #PORTMAPPER} when the portmapper must be asked
 */
public record TcpipAddress(String host, int port, String deviceName) {

  /** The port of a VXI-11 address that names none: ask the portmapper. */
  public static final int PORTMAPPER = -1;

  /** The HiSLIP port registered with IANA. */
  public static final int HISLIP_PORT = 4880;

  /** A host name or IPv4 address; VISA's bracketed IPv6 form would clash with the "::" split. */
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?");

  private static final Pattern DEVICE = Pattern.compile("[A-Za-z][A-Za-z0-9_]*(?:,[0-9]+)*");
  private static final Pattern HISLIP = Pattern.compile("(?i)(hislip[0-9]+)(?:,(.*))?");

  /** Whether the resource is a HiSLIP address (its second field is {@code hislipN}). */
  public static boolean isHislip(ResourceName name) {
    return name.interfaceType().equals("TCPIP")
        && name.resourceClass().equals("INSTR")
        && name.fields().size() == 2
        && name.fields().get(1).toLowerCase(Locale.ROOT).startsWith("hislip");
  }

  /** Parses {@code TCPIP[board]::host::port::SOCKET}. */
  public static TcpipAddress socket(ResourceName name) throws InvalidResourceNameException {
    expect(name, "SOCKET", "TCPIP[board]::host::port::SOCKET");
    if (name.fields().size() != 2) {
      throw new InvalidResourceNameException(
          name.text(), "a socket address is TCPIP[board]::host::port::SOCKET");
    }
    return new TcpipAddress(host(name, name.fields().get(0)), port(name, name.fields().get(1)), "");
  }

  /** Parses {@code TCPIP[board]::host[,port][::device]::INSTR}. */
  public static TcpipAddress vxi11(ResourceName name) throws InvalidResourceNameException {
    expect(name, "INSTR", "TCPIP[board]::host[::inst0]::INSTR");
    if (name.fields().isEmpty() || name.fields().size() > 2) {
      throw new InvalidResourceNameException(
          name.text(), "a VXI-11 address is TCPIP[board]::host[,port][::inst0]::INSTR");
    }
    String hostField = name.fields().get(0);
    int comma = hostField.indexOf(',');
    String host = host(name, comma < 0 ? hostField : hostField.substring(0, comma));
    int port = comma < 0 ? PORTMAPPER : port(name, hostField.substring(comma + 1));
    String device = name.field(1, "inst0");
    if (!DEVICE.matcher(device).matches()) {
      throw new InvalidResourceNameException(
          name.text(), "'" + device + "' is not a VXI-11 device name such as inst0 or gpib0,5");
    }
    return new TcpipAddress(host, port, device);
  }

  /** Parses {@code TCPIP[board]::host::hislipN[,port]::INSTR}. */
  public static TcpipAddress hislip(ResourceName name) throws InvalidResourceNameException {
    if (!isHislip(name)) {
      throw new InvalidResourceNameException(
          name.text(), "a HiSLIP address is TCPIP[board]::host::hislip0[,port]::INSTR");
    }
    var m = HISLIP.matcher(name.fields().get(1));
    if (!m.matches()) {
      throw new InvalidResourceNameException(
          name.text(), "'" + name.fields().get(1) + "' is not hislipN or hislipN,port");
    }
    int port = m.group(2) == null ? HISLIP_PORT : port(name, m.group(2));
    return new TcpipAddress(
        host(name, name.fields().get(0)), port, m.group(1).toLowerCase(Locale.ROOT));
  }

  /** Whether the port is known without asking the portmapper. */
  public boolean hasPort() {
    return port != PORTMAPPER;
  }

  private static void expect(ResourceName name, String resourceClass, String grammar)
      throws InvalidResourceNameException {
    if (!name.interfaceType().equals("TCPIP") || !name.resourceClass().equals(resourceClass)) {
      throw new InvalidResourceNameException(name.text(), "expected " + grammar);
    }
  }

  /**
   * Checks a host field of {@code name}: a host name or IPv4 address (other transports' addresses
   * use the same rule).
   */
  public static String host(ResourceName name, String host) throws InvalidResourceNameException {
    if (!HOST.matcher(host).matches()) {
      throw new InvalidResourceNameException(
          name.text(), "'" + host + "' is not a host name or IP address");
    }
    return host;
  }

  /** Checks a TCP port field of {@code name} (1..65535). */
  public static int port(ResourceName name, String text) throws InvalidResourceNameException {
    try {
      int port = Integer.parseInt(text.trim());
      if (port >= 1 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new InvalidResourceNameException(
        name.text(), "'" + text + "' is not a TCP port (1..65535)");
  }
}
