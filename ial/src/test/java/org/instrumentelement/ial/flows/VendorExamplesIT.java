package org.instrumentelement.ial.flows;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ial.sim.StandardPortmapperPort;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Vendors' own example programs run unchanged against the simulator: Python's pyvisa with the
 * pyvisa-py backend (Debian's packages, installed by .ci/run) sends each program's commands in its
 * order, with the vendor's own error check after every line (Keysight's SYSTem:ERRor? "+0,",
 * Tektronix's *ESR? and ALLEv?, RsInstrument's *STB? and SYSTem:ERRor?, Rigol's SYSTem:ERRor?),
 * over SOCKET and over VXI-11 found through the portmapper on port 111 as stock pyvisa-py looks for
 * it (vendor_examples.py). Skipped where pyvisa-py is missing; the VXI-11 part also where port 111
 * cannot be bound.
 */
class VendorExamplesIT {
  /** The instruments' places in the simulator's model list. */
  private static final int TEKTRONIX = 2;

  private static final int ROHDE_SCHWARZ = 3;
  private static final int RIGOL = 4;
  private static InstrumentSimulator sim;

  @BeforeAll
  static void start() throws Exception {
    assumeTrue(Files.isExecutable(Path.of(PyvisaFlowsIT.PYTHON)), "no python3");
    Process probe =
        new ProcessBuilder(PyvisaFlowsIT.PYTHON, "-c", "import pyvisa, pyvisa_py").start();
    assumeTrue(
        probe.waitFor(60, TimeUnit.SECONDS) && probe.exitValue() == 0,
        "python3-pyvisa and python3-pyvisa-py not installed (.ci/run installs them)");
    InstrumentSimulator.Builder b =
        InstrumentSimulator.builder()
            .models("keysight-scope", "dmm", "tektronix-scope", "rs-rtb", "rigol-ds1000z")
            .hislipPort(InstrumentSimulator.OFF);
    if (StandardPortmapperPort.unavailableBecause() == null) {
      b.portmapperPort(InstrumentSimulator.STANDARD_PORTMAPPER_PORT);
    } else {
      b.vxi11Port(InstrumentSimulator.OFF);
    }
    sim = b.build().start();
  }

  @AfterAll
  static void stop() {
    if (sim != null) {
      sim.close();
    }
  }

  private static void run(String program, String resource) throws Exception {
    Path output = Files.createTempFile("vendor-example", ".out");
    try {
      Process p =
          new ProcessBuilder(
                  List.of(
                      PyvisaFlowsIT.PYTHON,
                      "src/test/python/vendor_examples.py",
                      program,
                      resource))
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      boolean done = p.waitFor(300, TimeUnit.SECONDS);
      if (!done) {
        p.destroyForcibly();
      }
      String out = Files.readString(output, StandardCharsets.UTF_8);
      assertEquals(0, done ? p.exitValue() : -1, program + " over " + resource + ":\n" + out);
      assertTrue(out.contains("PASSED " + program), out);
    } finally {
      Files.deleteIfExists(output);
    }
  }

  private static void assumeVxi11() {
    assumeTrue(
        sim.vxi11Port() != InstrumentSimulator.OFF,
        () ->
            "VXI-11 with stock pyvisa-py skipped: " + StandardPortmapperPort.unavailableBecause());
  }

  @Test
  void infiniiVisionExampleOverSocket() throws Exception {
    run("infiniivision", sim.socketResource(0));
  }

  @Test
  void infiniiVisionExampleOverVxi11ThroughThePortmapperOn111() throws Exception {
    assumeVxi11();
    run("infiniivision", sim.vxi11PortmapperResource(0));
  }

  @Test
  void keysight34461aExampleOverSocket() throws Exception {
    run("34461a", sim.socketResource(1));
  }

  @Test
  void keysight34461aExampleOverVxi11() throws Exception {
    assumeVxi11();
    run("34461a", sim.vxi11PortmapperResource(1));
  }

  @Test
  void tektronixWaveformExamplesOverSocket() throws Exception {
    run("tek-waveforms", sim.socketResource(TEKTRONIX));
  }

  @Test
  void tektronixWaveformExamplesOverVxi11() throws Exception {
    assumeVxi11();
    run("tek-waveforms", sim.vxi11PortmapperResource(TEKTRONIX));
  }

  /**
   * Over VXI-11 only, as the examples address the scope (TCPIP::host::INSTR): they read the file
   * with read_raw() and no termination character, to the message's END, which a raw socket does not
   * carry (pyvisa-py, as NI-VISA, suppresses END on sockets and waits for its timeout).
   */
  @Test
  void tektronixScreenshotExamplesOverVxi11() throws Exception {
    assumeVxi11();
    run("tek-screenshots", sim.vxi11PortmapperResource(TEKTRONIX));
  }

  @Test
  void rohdeSchwarzRtb2000ExampleOverSocket() throws Exception {
    run("rs-rtb2000", sim.socketResource(ROHDE_SCHWARZ));
  }

  @Test
  void rohdeSchwarzRtb2000ExampleOverVxi11() throws Exception {
    assumeVxi11();
    run("rs-rtb2000", sim.vxi11PortmapperResource(ROHDE_SCHWARZ));
  }

  @Test
  void rigolDs1000zExamplesOverSocket() throws Exception {
    run("rigol-ds1000z", sim.socketResource(RIGOL));
  }

  @Test
  void rigolDs1000zExamplesOverVxi11() throws Exception {
    assumeVxi11();
    run("rigol-ds1000z", sim.vxi11PortmapperResource(RIGOL));
  }

  @Test
  void blocksInBothDirectionsOverSocket() throws Exception {
    run("blocks", sim.socketResource(0));
  }

  @Test
  void blocksInPiecesWithAndWithoutEndOnEachOverVxi11() throws Exception {
    assumeVxi11();
    run("vxi11-pieces", "127.0.0.1");
  }

  @Test
  void blocksInBothDirectionsOverVxi11() throws Exception {
    assumeVxi11();
    run("blocks", sim.vxi11PortmapperResource(0));
  }
}
