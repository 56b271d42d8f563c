package org.instrumentelement.ial.socket;

import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.InstrumentSessionContract;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The raw socket transport against the simulator's mock oscilloscope. */
class SocketSessionContractTest extends InstrumentSessionContract {
  private static InstrumentSimulator simulator;
  private static ResourceManager rm;

  @BeforeAll
  static void startSimulator() throws Exception {
    simulator = InstrumentSimulator.builder().build().start();
    rm = new ResourceManager().register(new SocketSessionProvider());
  }

  @AfterAll
  static void stopSimulator() {
    rm.close();
    simulator.close();
  }

  @Override
  protected InstrumentSession openSession() throws Exception {
    return rm.open(simulator.socketResource(0));
  }

  @Override
  protected InstrumentSession openSecondSession() throws Exception {
    return rm.open(simulator.socketResource(0));
  }
}
