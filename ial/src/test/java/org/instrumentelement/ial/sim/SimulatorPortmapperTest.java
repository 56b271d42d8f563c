package org.instrumentelement.ial.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.vxi11.Vxi11SessionProvider;
import org.junit.jupiter.api.Test;

/**
 * The simulator's portmapper where stock VISA libraries look for it (port 111), and a clear message
 * naming its port when it cannot be there.
 */
class SimulatorPortmapperTest {

  private static String described(InstrumentSimulator sim) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    sim.describe(new PrintStream(out, true, StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aTakenPortFallsBackToAFreeOneAndSaysHowToReachIt() throws Exception {
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      try (InstrumentSimulator sim =
          InstrumentSimulator.builder()
              .preferredPortmapperPort(taken.getLocalPort())
              .hislipPort(InstrumentSimulator.OFF)
              .build()
              .start()) {
        int port = sim.portmapperPort();
        assertNotEquals(taken.getLocalPort(), port);
        assertTrue(sim.portmapperFallbackReason().contains("is taken"));
        String text = described(sim);
        assertTrue(text.contains("TCPIP::127.0.0.1::inst0::INSTR"), text);
        assertTrue(text.contains("rpc.PMAP_PORT = " + port), text);
        assertTrue(text.contains("portmapperPort=" + port), text);
        try (ResourceManager rm = new ResourceManager().register(new Vxi11SessionProvider(port));
            InstrumentSession s = rm.open(sim.vxi11PortmapperResource(0))) {
          assertTrue(s.query("*IDN?").contains("MockScope"), "the printed address works");
        }
      }
    }
  }

  @Test
  void onPort111TheStockAddressWorksAsPrinted() throws Exception {
    String reason = StandardPortmapperPort.unavailableBecause();
    assumeTrue(reason == null, () -> "skipped: " + reason);
    try (InstrumentSimulator sim =
        InstrumentSimulator.builder()
            .preferredPortmapperPort(InstrumentSimulator.STANDARD_PORTMAPPER_PORT)
            .hislipPort(InstrumentSimulator.OFF)
            .build()
            .start()) {
      assertEquals(111, sim.portmapperPort());
      assertNull(sim.portmapperFallbackReason());
      String text = described(sim);
      assertTrue(text.contains("portmapper on port 111"), text);
      assertTrue(!text.contains("," + sim.vxi11Port() + "::"), "no IE-only address: " + text);
      try (ResourceManager rm = new ResourceManager().register(new Vxi11SessionProvider(111));
          InstrumentSession s = rm.open(sim.vxi11PortmapperResource(0))) {
        assertTrue(s.query("*IDN?").contains("MockScope"));
      }
    }
  }
}
