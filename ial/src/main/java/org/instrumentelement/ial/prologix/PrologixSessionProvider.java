package org.instrumentelement.ial.prologix;

import java.util.HashMap;
import java.util.Map;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceName;
import org.instrumentelement.ial.SessionOptions;
import org.instrumentelement.ial.SessionProvider;
import org.instrumentelement.ial.transport.LocalLocks;

/**
 * Opens sessions to GPIB instruments behind Prologix-style LAN gateways: {@code
 * PROLOGIX[board]::host[,port]::gpib0,N[,S]::INSTR}. All sessions to one gateway share its single
 * connection (a Prologix controller serves one at a time), opened with the first and closed with
 * the last.
 */
public final class PrologixSessionProvider implements SessionProvider {
  private final Map<String, PrologixGateway> gateways = new HashMap<>();
  private final LocalLocks locks = new LocalLocks();

  @Override
  public boolean accepts(ResourceName name) {
    return name.interfaceType().equals(PrologixAddress.INTERFACE);
  }

  @Override
  public InstrumentSession open(ResourceName name, SessionOptions options)
      throws InstrumentException {
    PrologixAddress address = PrologixAddress.parse(name);
    PrologixGateway gateway;
    synchronized (gateways) {
      gateway =
          gateways.computeIfAbsent(
              address.gateway(), k -> new PrologixGateway(address.host(), address.port()));
      gateway.addUser();
    }
    PrologixSession session =
        new PrologixSession(name, address, options, gateway, locks, () -> release(gateway));
    try {
      session.open();
      return session;
    } catch (InstrumentException | RuntimeException e) {
      session.close();
      throw e;
    }
  }

  private void release(PrologixGateway gateway) {
    synchronized (gateways) {
      if (gateway.removeUser() == 0) {
        gateways.remove(gateway.name());
        // No session can hold it now: the last one is closing.
        gateway.closeUnused();
      }
    }
  }

  @Override
  public void close() {
    synchronized (gateways) {
      gateways.values().forEach(PrologixGateway::closeUnused);
      gateways.clear();
    }
  }
}
