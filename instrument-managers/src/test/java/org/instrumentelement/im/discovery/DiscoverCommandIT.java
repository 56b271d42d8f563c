package org.instrumentelement.im.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.junit.jupiter.api.Test;

/**
 * {@code instrument-element discover} against the simulator on the loopback network, advertised
 * over mDNS and answering the portmapper broadcast: each instrument with its addresses, its {@code
 * *IDN?}, the descriptor that fits it and the configuration lines that add it.
 */
class DiscoverCommandIT {

  private static String run(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        DiscoverCommand.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void findsTheSimulatorWithItsDescriptorAndConfiguration() throws Exception {
    try (InstrumentSimulator sim =
        InstrumentSimulator.builder()
            .models("keysight-scope", "dmm")
            .mdns(true)
            .portmapperBroadcast(true)
            .build()
            .start()) {
      String port = Integer.toString(sim.portmapperPort());
      String text = run("--interface", "127.0.0.1", "--portmapper-port", port, "--timeout", "8s");
      assertTrue(text.contains("KEYSIGHT TECHNOLOGIES,DSO-X 3024T,SIM0000001"), text);
      assertTrue(
          text.contains("matches: descriptor keysight-infiniivision, mock model keysight-scope"),
          text);
      assertTrue(text.contains("im.dso-x-3024t.type = scpi"), text);
      assertTrue(text.contains("im.dso-x-3024t.descriptor = keysight-infiniivision"), text);
      assertTrue(text.contains("im.dso-x-3024t.address = " + sim.hislipResource(0)), text);
      assertTrue(text.contains("im.keysight-34461a.descriptor = scpi-dmm"), text);
      assertTrue(text.contains("found by portmapper broadcast to 127.255.255.255:" + port), text);
      assertTrue(text.contains("found by mDNS _hislip._tcp"), text);

      String json =
          run(
              "--interface",
              "127.0.0.1",
              "--portmapper-port",
              port,
              "--timeout",
              "3s",
              "--no-mdns",
              "--json");
      assertTrue(json.contains("\"identity\" : \"Keysight Technologies,34461A,SIM0000002"), json);
      assertTrue(json.contains("\"name\" : \"scpi-dmm\""), json);
      assertTrue(json.contains("\"" + sim.vxi11Resource(1) + "\""), json);
    }
  }

  @Test
  void aWrongOptionIsRefused() throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        DiscoverCommand.run(
            new String[] {"--subnet", "10.0.0.0/8"},
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(2, status);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("at most 4096 are probed"));
  }
}
