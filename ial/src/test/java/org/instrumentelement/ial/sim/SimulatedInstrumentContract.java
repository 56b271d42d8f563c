package org.instrumentelement.ial.sim;

import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.InstrumentSessionContract;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.SessionProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * The session contract for a LAN transport, against the simulator's mock oscilloscope on free
 * loopback ports: a transport's test says only which provider and which address to use.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class SimulatedInstrumentContract extends InstrumentSessionContract {
  protected InstrumentSimulator simulator;
  protected ResourceManager rm;

  /** The transport under test, for this simulator. */
  protected abstract SessionProvider provider(InstrumentSimulator simulator);

  /** The address of the simulator's first instrument over that transport. */
  protected abstract String resource(InstrumentSimulator simulator);

  /** The simulator to test against: by default the mock oscilloscope on the LAN. */
  protected InstrumentSimulator.Builder simulator() {
    return InstrumentSimulator.builder();
  }

  @BeforeAll
  void startSimulator() throws Exception {
    simulator = simulator().build().start();
    rm = new ResourceManager().register(provider(simulator));
  }

  @AfterAll
  void stopSimulator() {
    rm.close();
    simulator.close();
  }

  @Override
  protected InstrumentSession openSession() throws Exception {
    return rm.open(resource(simulator));
  }

  @Override
  protected InstrumentSession openSecondSession() throws Exception {
    return rm.open(resource(simulator));
  }
}
