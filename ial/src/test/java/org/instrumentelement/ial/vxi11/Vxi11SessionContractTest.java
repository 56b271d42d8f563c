package org.instrumentelement.ial.vxi11;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.SessionProvider;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ial.sim.SimulatedInstrumentContract;
import org.junit.jupiter.api.Test;

/**
 * VXI-11 against the simulator's mock oscilloscope, addressed with the explicit {@code host,port}
 * form; plus the portmapper path.
 */
class Vxi11SessionContractTest extends SimulatedInstrumentContract {

  @Override
  protected SessionProvider provider(InstrumentSimulator simulator) {
    return new Vxi11SessionProvider(simulator.portmapperPort());
  }

  @Override
  protected String resource(InstrumentSimulator simulator) {
    return simulator.vxi11Resource(0);
  }

  @Test
  void portmapperTellsThePort() throws Exception {
    try (InstrumentSession s = rm.open(simulator.vxi11PortmapperResource(0))) {
      assertTrue(s.query("*IDN?").contains("MockScope"));
    }
  }

  @Test
  void unknownDeviceNameIsRefusedByTheServer() {
    String resource = simulator.vxi11Resource(0).replace("inst0", "inst7");
    InstrumentException e = assertThrows(InstrumentException.class, () -> rm.open(resource));
    assertTrue(e.getMessage().contains("invalid address"), e.getMessage());
  }

  @Test
  void noPortmapperIsAClearError() {
    try (ResourceManager other = new ResourceManager().register(new Vxi11SessionProvider(1))) {
      InstrumentException e =
          assertThrows(
              InstrumentException.class, () -> other.open(simulator.vxi11PortmapperResource(0)));
      assertTrue(e.getMessage().contains("portmapper"), e.getMessage());
    }
  }

  @Test
  void longMessagesAreWrittenInPiecesOfMaxRecvSize() throws Exception {
    // A message longer than the device's maxRecvSize (256 KiB) goes in several device_writes.
    session.write("*CLS" + " ".repeat(300_000));
    assertEquals("1", session.query("*OPC?"));
  }
}
