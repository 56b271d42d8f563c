package org.instrumentelement.ial.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The simulator answers the portmapper broadcast as a third-party VISA find sends it: pyvisa-py's
 * {@code BroadcastUDPPortMapperClient} (the client python-vxi11's {@code list_devices} uses), a
 * GETPORT for VXI-11 to the loopback network's broadcast address. Skipped where pyvisa-py is
 * missing.
 */
class PortmapperBroadcastInteropIT {
  private static final String PYTHON = "/usr/bin/python3";

  @Test
  void pyvisaPyBroadcastFindsTheVxi11Server() throws Exception {
    assumeTrue(Files.isExecutable(Path.of(PYTHON)), "skipped: no " + PYTHON);
    try (InstrumentSimulator sim =
        InstrumentSimulator.builder()
            .models("keysight-scope")
            .portmapperBroadcast(true)
            .hislipPort(InstrumentSimulator.OFF)
            .build()
            .start()) {
      String script =
          String.join(
              "\n",
              "import sys",
              "try:",
              "    import pyvisa_py.protocols.rpc as rpc",
              "except ImportError:",
              "    sys.exit(3)",
              "rpc.PMAP_PORT = " + sim.portmapperPort(),
              "c = rpc.BroadcastUDPPortMapperClient('127.255.255.255')",
              "c.set_timeout(1.0)",
              "for port, (host, _) in c.get_port((0x0607AF, 1, rpc.IPPROTO_TCP, 0)):",
              "    print(host, port)");
      Process p = new ProcessBuilder(PYTHON, "-c", script).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(p.waitFor(30, TimeUnit.SECONDS));
      assumeTrue(p.exitValue() != 3, "skipped: pyvisa-py is not installed");
      assertEquals(0, p.exitValue(), out);
      assertEquals("127.0.0.1 " + sim.vxi11Port(), out.trim());
    }
  }
}
