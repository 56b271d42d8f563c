package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.CancelCommand;
import org.instrumentelement.ie.client.soap.CommandState;
import org.instrumentelement.ie.client.soap.CommandStatusInfo;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.ExecuteCommandResponse;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.GetCommandStatus;
import org.instrumentelement.ie.client.soap.GetState;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.SetParameter;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.config.ConfigLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A descriptor-driven long-running command against the instrument simulator: the SCPI DMM's
 * logReadings over HiSLIP (INITiate, *OPC and *ESR? polling, FETCh? at each step), while a scope on
 * another connection of the simulator keeps answering.
 */
class LongRunningScpiIT {
  static final Duration WAIT = Duration.ofSeconds(30);
  static final String DMM = "lan/dmm";
  static InstrumentSimulator simulator;
  static RunningElement running;
  static InstrumentElementPort ie;

  @BeforeAll
  static void start() throws Exception {
    simulator = InstrumentSimulator.builder().models("keysight-scope", "dmm").build().start();
    Map<String, String> file = new HashMap<>();
    file.put("im.lan.type", "group");
    file.put("im.scope.parent", "lan");
    file.put("im.scope.type", "scpi");
    file.put("im.scope.descriptor", "keysight-infiniivision");
    file.put("im.scope.address", simulator.socketResource(0));
    file.put("im.scope.param.points", "1000");
    file.put("im.dmm.parent", "lan");
    file.put("im.dmm.type", "scpi");
    file.put("im.dmm.descriptor", "scpi-dmm");
    file.put("im.dmm.address", simulator.hislipResource(1));
    running =
        RunningElement.of(RunningElement.freePorts(ConfigLoader.resolve(Map.of(), Map.of(), file)));
    ie = running.client();
  }

  @AfterAll
  static void stop() {
    if (running != null) {
      running.close();
    }
    if (simulator != null) {
      simulator.close();
    }
  }

  static ExecuteCommandResponse logReadings(long count, double interval, Double wait)
      throws Exception {
    ExecuteCommand r = new ExecuteCommand();
    r.setIm(DMM);
    r.setCommand("logReadings");
    Value c = new Value();
    c.setName("count");
    c.setIntegerValue(count);
    Value i = new Value();
    i.setName("interval");
    i.setDoubleValue(interval);
    r.getArgument().addAll(List.of(c, i));
    r.setWaitSeconds(wait);
    return ie.executeCommand(r);
  }

  static CommandStatusInfo status(String id) throws Exception {
    GetCommandStatus r = new GetCommandStatus();
    r.setIm(DMM);
    r.setCommandId(id);
    return ie.getCommandStatus(r).getStatus();
  }

  static CommandStatusInfo until(String id, Predicate<CommandStatusInfo> p) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (true) {
      CommandStatusInfo s = status(id);
      if (p.test(s)) {
        return s;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within " + WAIT + ": " + s.getState() + " " + s.getText());
      }
      Thread.sleep(20); // polling a condition with a deadline
    }
  }

  static Value get(String im, String attribute) throws Exception {
    GetAttribute r = new GetAttribute();
    r.setIm(im);
    r.setAttribute(attribute);
    return ie.getAttribute(r).getValue();
  }

  static String state(String im) throws Exception {
    GetState r = new GetState();
    r.setIm(im);
    return ie.getState(r).getState();
  }

  @Test
  void logsReadingsStepByStepWhileOtherImsAnswerAndCancelAborts() throws Exception {
    ExecuteCommandResponse started = logReadings(100_000, 0.05, null);
    assertEquals(CommandState.RUNNING, started.getStatus().getState());
    assertEquals("LOGGING", started.getState());
    String id = started.getCommandId();

    CommandStatusInfo s = until(id, x -> x.getIntermediateCount() >= 3);
    for (Value reading : s.getIntermediate()) {
      assertEquals(1.23456, reading.getDoubleValue(), 1e-3, "the simulated DC volts");
    }
    assertEquals(
        1000,
        InstrumentElementClient.vector(get("lan/scope", "waveform")).length,
        "another IM on the same simulator answers");
    assertTrue(get(DMM, "identity").getStringValue().contains("34461A"));
    SetParameter set = new SetParameter();
    set.setIm(DMM);
    set.setParameter("function");
    Value acv = new Value();
    acv.setStringValue("ACV");
    set.setValue(acv);
    assertEquals(
        "NOT_ALLOWED_IN_STATE",
        assertThrows(InstrumentElementFault.class, () -> ie.setParameter(set))
            .getFaultInfo()
            .getCode());
    assertEquals(
        "NOT_ALLOWED_IN_STATE",
        assertThrows(InstrumentElementFault.class, () -> get(DMM, "reading"))
            .getFaultInfo()
            .getCode());
    assertEquals(CommandState.RUNNING, status(id).getState(), "still logging");

    CancelCommand cancel = new CancelCommand();
    cancel.setIm(DMM);
    cancel.setCommandId(id);
    ie.cancelCommand(cancel);
    CommandStatusInfo end = until(id, x -> x.getState() != CommandState.RUNNING);
    assertEquals(CommandState.CANCELLED, end.getState());
    assertEquals("LINKED", state(DMM));
    assertEquals(1.23456, get(DMM, "reading").getDoubleValue(), 1e-3, "the DMM answers again");
  }

  @Test
  void aShortLogEndsWithEveryReadingAsTheResult() throws Exception {
    ExecuteCommandResponse r = logReadings(5, 0.01, 60.0);
    assertEquals(CommandState.SUCCEEDED, r.getStatus().getState(), r.getStatus().getError());
    assertEquals(5, r.getStatus().getIntermediateCount());
    double[] readings = InstrumentElementClient.vector(r.getResult());
    assertEquals(5, readings.length);
    for (double d : readings) {
      assertEquals(1.23456, d, 1e-3);
    }
    assertEquals("LINKED", r.getState());
  }
}
