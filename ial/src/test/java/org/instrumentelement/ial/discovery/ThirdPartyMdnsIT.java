package org.instrumentelement.ial.discovery;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * mDNS against a real third-party responder and browser, python-zeroconf (Debian's
 * python3-zeroconf), on the loopback interface: discovery finds what it announces, and it finds
 * what the simulator announces, with the LXI TXT keys. Skipped with the reason where python3 or
 * zeroconf is missing.
 */
class ThirdPartyMdnsIT {
  /** Debian's python3, whose python3-zeroconf is the peer. */
  private static final String PYTHON = "/usr/bin/python3";

  private static final Path PEER = Path.of("src/test/python/mdns_peer.py");

  /** How long a browse may take: an upper bound, as it ends on what the test looks for. */
  private static final int BROWSE_SECONDS = 30;

  @BeforeAll
  static void zeroconfIsThere() throws Exception {
    Process p =
        new ProcessBuilder(PYTHON, "-c", "import zeroconf").redirectErrorStream(true).start();
    boolean ok = p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
    assumeTrue(ok, "skipped: python3-zeroconf is not installed (apt-get install python3-zeroconf)");
  }

  @Test
  void discoveryFindsWhatPythonZeroconfAnnounces() throws Exception {
    try (InstrumentSimulator sim =
        InstrumentSimulator.builder().models("keysight-scope").build().start()) {
      String socketPort = sim.socketResource(0).split("::")[2];
      String hislipPort = sim.hislipResource(0).replaceAll(".*,(\\d+)::INSTR", "$1");
      Process peer =
          new ProcessBuilder(
                  PYTHON, PEER.toString(), "publish", "Python Peer Scope", socketPort, hislipPort)
              .redirectError(ProcessBuilder.Redirect.INHERIT)
              .start();
      try {
        BufferedReader out =
            new BufferedReader(
                new InputStreamReader(peer.getInputStream(), StandardCharsets.UTF_8));
        assertTrue("ready".equals(out.readLine()), "the peer announced its services");
        DiscoveryReport r =
            InstrumentDiscovery.builder()
                .interfaces(List.of("127.0.0.1"))
                .portmapperBroadcast(false)
                .timeout(Duration.ofSeconds(6))
                .build()
                .run();
        String text = r.toText();
        FoundInstrument scope =
            r.instruments().stream()
                .filter(f -> f.resources().contains(sim.socketResource(0)))
                .findFirst()
                .orElseThrow(() -> new AssertionError(text));
        assertTrue(sim.device(0).identity().equals(scope.identity()), text);
        assertTrue(scope.resources().contains(sim.hislipResource(0)), text);
        assertTrue(
            scope.foundBy().contains("mDNS _scpi-raw._tcp \"Python Peer Scope\" on 127.0.0.0/8"),
            text);
        assertTrue(
            scope.foundBy().contains("mDNS _hislip._tcp \"Python Peer Scope\" on 127.0.0.0/8"),
            text);
      } finally {
        peer.getOutputStream().close(); // the peer withdraws its services and exits
        if (!peer.waitFor(10, TimeUnit.SECONDS)) {
          peer.destroyForcibly();
        }
      }
    }
  }

  @Test
  void pythonZeroconfFindsWhatTheSimulatorAnnounces() throws Exception {
    try (InstrumentSimulator sim =
        InstrumentSimulator.builder().models("keysight-scope", "dmm").mdns(true).build().start()) {
      String hislipPort = sim.hislipResource(0).replaceAll(".*,(\\d+)::INSTR", "$1");
      String scope =
          "KEYSIGHT TECHNOLOGIES DSO-X 3024T SIM0000001._hislip._tcp.local. "
              + hislipPort
              + " 127.0.0.1";
      String manufacturer = "('Manufacturer', 'KEYSIGHT TECHNOLOGIES')";
      String dmm = "('SerialNumber', 'SIM0000002')";
      String seen = browse("_hislip._tcp.local.", scope, manufacturer, dmm);
      assertTrue(seen.contains(scope), seen);
      assertTrue(seen.contains(manufacturer), seen);
      assertTrue(seen.contains(dmm), "the DMM too: " + seen);
      String model = "('Model', 'DSO-X 3024T')";
      String raw = browse("_lxi._tcp.local.", model);
      assertTrue(raw.contains(model), raw);
    }
  }

  /**
   * What python-zeroconf resolves of {@code type}: it browses until a line holds each of {@code
   * awaited}, or for {@link #BROWSE_SECONDS} at most.
   */
  private static String browse(String type, String... awaited)
      throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(PYTHON, PEER.toString(), "browse", type));
    command.add(Integer.toString(BROWSE_SECONDS));
    command.addAll(List.of(awaited));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(BROWSE_SECONDS + 30L, TimeUnit.SECONDS), "the browser ended");
    return out;
  }
}
