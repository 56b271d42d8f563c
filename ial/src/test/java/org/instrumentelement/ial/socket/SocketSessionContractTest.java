package org.instrumentelement.ial.socket;

import org.instrumentelement.ial.SessionProvider;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ial.sim.SimulatedInstrumentContract;

/** The raw socket transport against the simulator's mock oscilloscope. */
class SocketSessionContractTest extends SimulatedInstrumentContract {

  @Override
  protected SessionProvider provider(InstrumentSimulator simulator) {
    return new SocketSessionProvider();
  }

  @Override
  protected String resource(InstrumentSimulator simulator) {
    return simulator.socketResource(0);
  }
}
