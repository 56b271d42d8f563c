package org.instrumentelement.ial.hislip;

import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.SessionProvider;
import org.instrumentelement.ial.transport.TcpipAddress;

/** Opens HiSLIP sessions: {@code TCPIP[board]::host::hislipN[,port]::INSTR}. */
public final class HislipSessionProvider implements SessionProvider {

  @Override
  public boolean accepts(ResourceName name) {
    return TcpipAddress.isHislip(name);
  }

  @Override
  public InstrumentSession open(ResourceName name, SessionOptions options)
      throws InstrumentException {
    return HislipSession.open(name, TcpipAddress.hislip(name), options);
  }
}
