package org.instrumentelement.ial.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.junit.jupiter.api.Test;

/**
 * Discovery of the simulator on the loopback network, by each of the ways VISA and LXI find
 * instruments: the portmapper broadcast (to 127.255.255.255 on the simulator's portmapper port),
 * mDNS (multicast on the loopback interface), and a subnet probe.
 */
class DiscoveryIT {

  private static InstrumentSimulator simulator(boolean mdns) throws Exception {
    return InstrumentSimulator.builder()
        .models("keysight-scope", "dmm")
        .mdns(mdns)
        .portmapperBroadcast(true)
        .build()
        .start();
  }

  private static InstrumentDiscovery.Builder discovery(InstrumentSimulator sim) throws Exception {
    return InstrumentDiscovery.builder()
        .interfaces(List.of("127.0.0.1"))
        .portmapperPort(sim.portmapperPort())
        .timeout(Duration.ofSeconds(3));
  }

  /** The instrument of the report that answered as the simulator's instrument {@code i}. */
  private static FoundInstrument found(DiscoveryReport r, InstrumentSimulator sim, int i) {
    return r.instruments().stream()
        .filter(f -> sim.device(i).identity().equals(f.identity()))
        .filter(
            f ->
                f.resources().contains(sim.vxi11Resource(i))
                    || f.resources().contains(sim.hislipResource(i)))
        .findFirst()
        .orElseThrow(() -> new AssertionError("instrument " + i + " not found:\n" + r.toText()));
  }

  @Test
  void theSimulatorIsFoundByMdnsAndByItsPortmapper() throws Exception {
    try (InstrumentSimulator sim = simulator(true)) {
      // JmDNS resolves a service about two seconds after it starts browsing, and the simulator's
      // announcements follow its own probing (about four seconds in all here): eight seconds
      // leave room for a loaded machine.
      DiscoveryReport r = discovery(sim).timeout(Duration.ofSeconds(8)).build().run();
      FoundInstrument scope = found(r, sim, 0);
      String text = r.toText();
      assertTrue(scope.resources().contains(sim.hislipResource(0)), text);
      assertTrue(scope.resources().contains(sim.vxi11Resource(0)), text);
      assertTrue(scope.resources().contains(sim.socketResource(0)), text);
      assertEquals(sim.hislipResource(0), scope.resources().get(0), "HiSLIP first");
      assertTrue(
          scope.foundBy().stream().anyMatch(f -> f.startsWith("portmapper broadcast")), text);
      assertTrue(scope.foundBy().stream().anyMatch(f -> f.startsWith("mDNS _hislip._tcp")), text);
      assertTrue(scope.foundBy().stream().anyMatch(f -> f.startsWith("mDNS _scpi-raw._tcp")), text);
      assertTrue(scope.matches().stream().anyMatch(m -> m.name().equals("keysight-scope")), text);
      FoundInstrument dmm = found(r, sim, 1);
      assertTrue(dmm.matches().stream().anyMatch(m -> m.name().equals("dmm")), text);
      assertTrue(r.took().compareTo(Duration.ofSeconds(20)) < 0, text);
    }
  }

  @Test
  void thePortmapperBroadcastAloneFindsEveryVxi11Device() throws Exception {
    // Announcing by mDNS would cost seconds to start and to withdraw, for a discovery that does
    // not listen for it.
    try (InstrumentSimulator sim = simulator(false)) {
      DiscoveryReport r = discovery(sim).mdns(false).build().run();
      assertEquals(sim.vxi11Resource(0), found(r, sim, 0).resources().get(0), r.toText());
      assertEquals(sim.vxi11Resource(1), found(r, sim, 1).resources().get(0), r.toText());
    }
  }

  @Test
  void aSubnetProbeFindsWhatNothingAnnounces() throws Exception {
    try (InstrumentSimulator sim =
        InstrumentSimulator.builder().models("keysight-scope").build().start()) {
      int socketPort = Integer.parseInt(sim.socketResource(0).split("::")[2]);
      DiscoveryReport r =
          discovery(sim)
              .mdns(false)
              .portmapperBroadcast(false)
              .subnet("127.0.0.1/32")
              .probePorts(socketPort, sim.portmapperPort(), 1)
              .build()
              .run();
      FoundInstrument scope = found(r, sim, 0);
      assertTrue(scope.resources().contains(sim.socketResource(0)), r.toText());
      assertNotNull(scope.identity());
    }
  }

  @Test
  void gpibDevicesBehindAVxi11GatewayAreFoundWhenAskedFor() throws Exception {
    try (InstrumentSimulator sim =
        InstrumentSimulator.builder()
            .models("keysight-scope", "dmm")
            .gateway(InstrumentSimulator.Gateway.VXI11)
            .portmapperBroadcast(true)
            .build()
            .start()) {
      DiscoveryReport r = discovery(sim).mdns(false).gpib(true).build().run();
      assertTrue(found(r, sim, 0).resources().contains(sim.vxi11Resource(0)), r.toText());
      assertTrue(found(r, sim, 1).resources().contains(sim.vxi11Resource(1)), r.toText());
    }
  }
}
