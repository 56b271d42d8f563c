package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetState;
import org.instrumentelement.ie.client.soap.GetStateResponse;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.config.ConfigLoader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Killing the simulator puts the IMs in ERROR at their next read; restarting it (its instruments
 * back at their power-on settings) brings them back, parameters re-applied, with no operator
 * action.
 */
class ScpiRecoveryIT {
  private static final List<String> IMS = List.of("socket", "vxi11", "hislip");
  private InstrumentSimulator simulator;
  private RunningElement running;
  private InstrumentElementPort ie;

  @BeforeEach
  void start() throws Exception {
    simulator = InstrumentSimulator.builder().models("keysight-scope").build().start();
    Map<String, String> file = new HashMap<>();
    im(file, IMS.get(0), simulator.socketResource(0));
    im(file, IMS.get(1), simulator.vxi11Resource(0));
    im(file, IMS.get(2), simulator.hislipResource(0));
    running =
        RunningElement.of(RunningElement.freePorts(ConfigLoader.resolve(Map.of(), Map.of(), file)));
    ie = running.client();
  }

  private static void im(Map<String, String> file, String name, String address) {
    file.put("im." + name + ".type", "scpi");
    file.put("im." + name + ".descriptor", "keysight-infiniivision");
    file.put("im." + name + ".address", address);
    file.put("im." + name + ".timeout", "1s");
    file.put("im." + name + ".reconnectMaxDelay", "200ms");
    file.put("im." + name + ".param.points", "1500"); // not the power-on default
    file.put("im." + name + ".autoStart", "true");
  }

  @AfterEach
  void stop() {
    running.close();
    simulator.close();
  }

  private int waveformLength(String im) throws Exception {
    GetAttribute r = new GetAttribute();
    r.setIm(im);
    r.setAttribute("waveform");
    return InstrumentElementClient.vector(ie.getAttribute(r).getValue()).length;
  }

  private GetStateResponse state(String im) throws Exception {
    GetState s = new GetState();
    s.setIm(im);
    return ie.getState(s);
  }

  @Test
  void imsFaultWhenTheInstrumentDiesAndRecoverByThemselves() throws Exception {
    for (String im : IMS) {
      assertEquals(1500, waveformLength(im));
    }
    simulator.stop();

    for (String im : IMS) {
      InstrumentElementFault fault =
          assertThrows(InstrumentElementFault.class, () -> waveformLength(im));
      assertEquals("INSTRUMENT_ERROR", fault.getFaultInfo().getCode(), im);
      assertEquals("ERROR", state(im).getState());
      assertFalse(state(im).getLastError().isEmpty());
      InstrumentElementFault meanwhile =
          assertThrows(InstrumentElementFault.class, () -> waveformLength(im));
      assertTrue(meanwhile.getMessage().contains("is in ERROR"), meanwhile.getMessage());
    }

    simulator.start(); // same ports, settings back to power-on defaults
    long until = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    for (String im : IMS) {
      while (!state(im).getState().equals("RUNNING")) {
        assertTrue(System.nanoTime() < until, im + " not back: " + state(im).getLastError());
        Thread.onSpinWait();
      }
      assertEquals(1500, waveformLength(im), im + ": the parameters were applied again");
    }
  }
}
