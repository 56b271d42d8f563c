package org.instrumentelement.ial.vxi11;

import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.SessionProvider;
import org.instrumentelement.ial.transport.TcpipAddress;

/**
 * Opens VXI-11 sessions: {@code TCPIP[board]::host[,port][::device]::INSTR} (every TCPIP INSTR
 * address that is not HiSLIP). Without a port the host's portmapper is asked, on port 111 unless
 * the system property {@value #PORTMAPPER_PORT_PROPERTY} or the constructor says otherwise.
 */
public final class Vxi11SessionProvider implements SessionProvider {
  /** System property naming the portmapper port, for portmappers not on 111 (simulators). */
  public static final String PORTMAPPER_PORT_PROPERTY =
      "org.instrumentelement.ial.vxi11.portmapperPort";

  private final int portmapperPort;

  /** A provider asking the portmapper on port 111, or the port the system property names. */
  public Vxi11SessionProvider() {
    this(Integer.getInteger(PORTMAPPER_PORT_PROPERTY, 111));
  }

  /** A provider asking the portmapper on {@code portmapperPort}. */
  public Vxi11SessionProvider(int portmapperPort) {
    this.portmapperPort = portmapperPort;
  }

  @Override
  public boolean accepts(ResourceName name) {
    return name.interfaceType().equals("TCPIP")
        && name.resourceClass().equals("INSTR")
        && !TcpipAddress.isHislip(name);
  }

  @Override
  public InstrumentSession open(ResourceName name, SessionOptions options)
      throws InstrumentException {
    return Vxi11Session.open(name, TcpipAddress.vxi11(name), options, portmapperPort);
  }
}
