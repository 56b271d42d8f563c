package org.instrumentelement.ial.hislip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.SessionProvider;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ial.sim.SimulatedInstrumentContract;
import org.junit.jupiter.api.Test;

/** HiSLIP against the simulator's mock oscilloscope. */
class HislipSessionContractTest extends SimulatedInstrumentContract {

  @Override
  protected SessionProvider provider(InstrumentSimulator simulator) {
    return new HislipSessionProvider();
  }

  @Override
  protected String resource(InstrumentSimulator simulator) {
    return simulator.hislipResource(0);
  }

  @Test
  void unknownSubAddressIsAFatalErrorFromTheServer() {
    String resource = simulator.hislipResource(0).replace("hislip0", "hislip5");
    InstrumentException e = assertThrows(InstrumentException.class, () -> rm.open(resource));
    assertTrue(e.getMessage().contains("fatal error 3"), e.getMessage());
    assertTrue(e.getMessage().contains("hislip5"), e.getMessage());
  }

  @Test
  void messagesLongerThanTheServerMaximumAreSplit() throws Exception {
    // The simulator accepts messages of at most 256 KiB: this one goes as Data, Data, DataEnd.
    session.write("*CLS" + " ".repeat(600_000));
    assertEquals("1", session.query("*OPC?"));
  }

  @Test
  void repliesLargerThanOneMessageArriveWhole() throws Exception {
    session.write(":WAVeform:POINts 1000000");
    assertEquals(8_000_000, session.queryBinaryBlock(":WAVeform:DATA?").length);
  }
}
