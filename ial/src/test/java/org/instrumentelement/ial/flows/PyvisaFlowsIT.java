package org.instrumentelement.ial.flows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ial.sim.StandardPortmapperPort;
import org.junit.jupiter.api.Test;

/**
 * Lab scripts as labs run them: every vendor flow, in every spelling, driven by Python's pyvisa
 * with the pyvisa-py backend (Debian python3-pyvisa and python3-pyvisa-py, installed by .ci/run)
 * against the simulator, over SOCKET and over VXI-11 found through the portmapper on port 111,
 * exactly as stock pyvisa-py looks for it. Skipped where pyvisa-py is not installed; the VXI-11
 * part also where port 111 cannot be bound (not root, or taken).
 */
class PyvisaFlowsIT {
  static final String PYTHON = "/usr/bin/python3";

  private static void assumePyvisa() throws Exception {
    assumeTrue(Files.isExecutable(Path.of(PYTHON)), "no " + PYTHON);
    Process probe = new ProcessBuilder(PYTHON, "-c", "import pyvisa, pyvisa_py").start();
    assumeTrue(
        probe.waitFor(60, TimeUnit.SECONDS) && probe.exitValue() == 0,
        "python3-pyvisa and python3-pyvisa-py not installed (.ci/run installs them)");
  }

  /**
   * Runs run_flows.py for every flow, addressing flow i with {@code address}; returns its output.
   */
  private static String runFlows(List<ScpiFlow> flows, IntFunction<String> address)
      throws Exception {
    List<String> command = new ArrayList<>(List.of(PYTHON, "src/test/python/run_flows.py"));
    command.add(ScpiFlow.DIRECTORY.toString());
    for (int i = 0; i < flows.size(); i++) {
      command.add(flows.get(i).profile() + "=" + address.apply(i));
    }
    Path output = Files.createTempFile("pyvisa-flows", ".out");
    try {
      Process p =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      boolean done = p.waitFor(300, TimeUnit.SECONDS);
      if (!done) {
        p.destroyForcibly();
      }
      String out = Files.readString(output, StandardCharsets.UTF_8);
      assertEquals(0, done ? p.exitValue() : -1, out);
      return out;
    } finally {
      Files.deleteIfExists(output);
    }
  }

  @Test
  void pyvisaPyRunsEveryFlowOverSocket() throws Exception {
    assumePyvisa();
    List<ScpiFlow> flows = ScpiFlow.all();
    try (InstrumentSimulator sim =
        InstrumentSimulator.builder()
            .models(flows.stream().map(ScpiFlow::model).toArray(String[]::new))
            .vxi11Port(InstrumentSimulator.OFF)
            .hislipPort(InstrumentSimulator.OFF)
            .build()
            .start()) {
      String out = runFlows(flows, sim::socketResource);
      assertTrue(out.contains(flows.size() * 4 + " passed, 0 failed"), out);
    }
  }

  @Test
  void pyvisaPyRunsEveryFlowOverVxi11ThroughThePortmapperOn111() throws Exception {
    assumePyvisa();
    String reason = StandardPortmapperPort.unavailableBecause();
    assumeTrue(reason == null, () -> "VXI-11 with stock pyvisa-py skipped: " + reason);
    List<ScpiFlow> flows = ScpiFlow.all();
    try (InstrumentSimulator sim =
        InstrumentSimulator.builder()
            .models(flows.stream().map(ScpiFlow::model).toArray(String[]::new))
            .portmapperPort(InstrumentSimulator.STANDARD_PORTMAPPER_PORT)
            .hislipPort(InstrumentSimulator.OFF)
            .build()
            .start()) {
      String out = runFlows(flows, sim::vxi11PortmapperResource);
      assertTrue(out.contains(flows.size() * 4 + " passed, 0 failed"), out);
      assertTrue(out.contains("TCPIP::127.0.0.1::inst0::INSTR"), "the stock address: " + out);
    }
  }
}
