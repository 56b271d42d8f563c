package org.instrumentelement.ial.prologix;

import org.instrumentelement.ial.SessionProvider;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ial.sim.SimulatedInstrumentContract;

/** The Prologix-style gateway transport against the simulator playing one, scope at GPIB 1. */
class PrologixSessionContractTest extends SimulatedInstrumentContract {

  @Override
  protected InstrumentSimulator.Builder simulator() {
    return InstrumentSimulator.builder()
        .models("oscilloscope", "dmm")
        .gateway(InstrumentSimulator.Gateway.PROLOGIX);
  }

  @Override
  protected SessionProvider provider(InstrumentSimulator simulator) {
    return new PrologixSessionProvider();
  }

  @Override
  protected String resource(InstrumentSimulator simulator) {
    return simulator.prologixResource(0);
  }
}
