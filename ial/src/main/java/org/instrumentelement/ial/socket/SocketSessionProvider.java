package org.instrumentelement.ial.socket;

import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.SessionProvider;
import org.instrumentelement.ial.transport.LocalLocks;
import org.instrumentelement.ial.transport.TcpipAddress;

/** Opens raw socket sessions: {@code TCPIP[board]::host::port::SOCKET}. */
public final class SocketSessionProvider implements SessionProvider {
  private final LocalLocks locks = new LocalLocks();

  @Override
  public boolean accepts(ResourceName name) {
    return name.interfaceType().equals("TCPIP") && name.resourceClass().equals("SOCKET");
  }

  @Override
  public InstrumentSession open(ResourceName name, SessionOptions options)
      throws InstrumentException {
    return SocketSession.open(name, TcpipAddress.socket(name), options, locks);
  }
}
