package org.instrumentelement.ial.vxi11;

import org.instrumentelement.ial.SessionProvider;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ial.sim.SimulatedInstrumentContract;

/**
 * VXI-11 to an instrument behind a LAN/GPIB gateway ({@code TCPIP::host,port::gpib0,1::INSTR}): the
 * device name goes to create_link as written, and the gateway's device behaves as any other.
 */
class Vxi11GpibGatewayContractTest extends SimulatedInstrumentContract {

  @Override
  protected InstrumentSimulator.Builder simulator() {
    return InstrumentSimulator.builder()
        .models("oscilloscope", "dmm")
        .gateway(InstrumentSimulator.Gateway.VXI11);
  }

  @Override
  protected SessionProvider provider(InstrumentSimulator simulator) {
    return new Vxi11SessionProvider(simulator.portmapperPort());
  }

  @Override
  protected String resource(InstrumentSimulator simulator) {
    return simulator.vxi11Resource(0);
  }
}
