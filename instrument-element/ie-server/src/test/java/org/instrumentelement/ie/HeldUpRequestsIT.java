package org.instrumentelement.ie;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ie.client.soap.ExecuteCommand;
import org.instrumentelement.ie.client.soap.GetAttribute;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.config.ConfigLoader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Requests held up by a slow instrument do not hold up the others, though the IE serves requests on
 * as many threads as cores: eight self-calibrations of a simulated scope (each 400 ms, one at a
 * time on the instrument) are all in progress at once, and a DMM on another connection is read
 * while most of them still wait.
 */
class HeldUpRequestsIT {
  static final int CALIBRATIONS = 8;

  @TempDir static Path dir;
  static InstrumentSimulator simulator;
  static RunningElement running;

  @BeforeAll
  static void start() throws Exception {
    simulator = InstrumentSimulator.builder().models("oscilloscope", "dmm").build().start();
    Path descriptor =
        Files.writeString(
            dir.resolve("calibrating-scope.properties"),
            String.join(
                "\n",
                "description = A scope that calibrates itself when asked",
                "attribute.identity.type = string",
                "attribute.identity.maxLength = 256",
                "attribute.identity.get = *IDN?",
                "attribute.identity.description = The instrument's *IDN? reply.",
                "command.calibrate.query = *CAL?",
                "command.calibrate.result = integer",
                "command.calibrate.description = Self-calibration: 400 ms on the simulator.",
                ""));
    Map<String, String> file = new HashMap<>();
    file.put("im.scope.type", "scpi");
    file.put("im.scope.descriptor", descriptor.toString());
    file.put("im.scope.address", simulator.socketResource(0));
    file.put("im.dmm.type", "scpi");
    file.put("im.dmm.descriptor", "scpi-dmm");
    file.put("im.dmm.address", simulator.socketResource(1));
    running =
        RunningElement.of(RunningElement.freePorts(ConfigLoader.resolve(Map.of(), Map.of(), file)));
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

  @Test
  void aReadIsAnsweredWhileCalibrationsWaitForTheirInstrument() throws Exception {
    InstrumentElementPort reader = running.client();
    GetAttribute identity = new GetAttribute();
    identity.setIm("dmm");
    identity.setAttribute("identity");
    String expected = reader.getAttribute(identity).getValue().getStringValue();

    // The callers' clients are made and used once before any calibration starts, and the
    // calibrations start together: on a loaded machine a cold client took longer to send its first
    // request than a calibration lasts, and the calibrations were never all in progress at once.
    List<InstrumentElementPort> callerPorts = new ArrayList<>();
    for (int i = 0; i < CALIBRATIONS; i++) {
      InstrumentElementPort caller = running.client();
      caller.getAttribute(identity);
      callerPorts.add(caller);
    }
    AtomicInteger inProgress = new AtomicInteger(CALIBRATIONS);
    CountDownLatch go = new CountDownLatch(1);
    ExecutorService callers = Executors.newFixedThreadPool(CALIBRATIONS);
    List<Future<Long>> calibrations = new ArrayList<>();
    try {
      for (InstrumentElementPort caller : callerPorts) {
        calibrations.add(
            callers.submit(
                () -> {
                  try {
                    ExecuteCommand c = new ExecuteCommand();
                    c.setIm("scope");
                    c.setCommand("calibrate");
                    go.await();
                    return caller.executeCommand(c).getResult().getIntegerValue();
                  } finally {
                    inProgress.decrementAndGet();
                  }
                }));
      }
      go.countDown();
      // Every calibration is on a thread of the IE's, waiting for the instrument in turn: with a
      // thread per core and none added for held-up requests, only as many as cores could be.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (running.server.endpoint().mostRequestsHeldUp() < CALIBRATIONS - 1
          && inProgress.get() > 0
          && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertTrue(
          running.server.endpoint().mostRequestsHeldUp() >= CALIBRATIONS - 1,
          "requests held up at once: " + running.server.endpoint().mostRequestsHeldUp());

      assertEquals(expected, reader.getAttribute(identity).getValue().getStringValue());
      int stillCalibrating = inProgress.get();
      assertTrue(
          stillCalibrating >= CALIBRATIONS / 2,
          "the read waited behind the calibrations: " + stillCalibrating + " still in progress");
      for (Future<Long> f : calibrations) {
        assertEquals(0L, f.get(60, TimeUnit.SECONDS)); // *CAL? answers 0: calibrated
      }
    } finally {
      callers.shutdownNow();
    }
  }
}
