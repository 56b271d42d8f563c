package org.instrumentelement.ial.flows;

import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.hislip.HislipSessionProvider;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ial.socket.SocketSessionProvider;
import org.instrumentelement.ial.vxi11.Vxi11SessionProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every vendor flow, in every spelling, through the IAL's own transports (raw socket, VXI-11,
 * HiSLIP) against the simulator on free loopback ports.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class VendorFlowsOverLanIT {
  private final List<ScpiFlow> flows = new ArrayList<>();
  private InstrumentSimulator simulator;
  private ResourceManager rm;

  @BeforeAll
  void start() throws Exception {
    flows.addAll(ScpiFlow.all());
    simulator =
        InstrumentSimulator.builder()
            .models(flows.stream().map(ScpiFlow::model).toArray(String[]::new))
            .build()
            .start();
    rm =
        new ResourceManager()
            .register(new SocketSessionProvider())
            .register(new Vxi11SessionProvider(simulator.portmapperPort()))
            .register(new HislipSessionProvider());
  }

  @AfterAll
  void stop() {
    rm.close();
    simulator.close();
  }

  List<Arguments> runs() throws Exception {
    List<Arguments> out = new ArrayList<>();
    for (String transport : List.of("socket", "vxi11", "hislip")) {
      for (ScpiFlow f : ScpiFlow.all()) {
        for (ScpiFlow.Spelling s : ScpiFlow.Spelling.values()) {
          out.add(Arguments.of(transport, f.profile(), s));
        }
      }
    }
    return out;
  }

  @ParameterizedTest(name = "{0} {1} {2}")
  @MethodSource("runs")
  void everydayFlowRunsWithoutAnError(String transport, String profile, ScpiFlow.Spelling spelling)
      throws Exception {
    int i = 0;
    while (!flows.get(i).profile().equals(profile)) {
      i++;
    }
    String address =
        switch (transport) {
          case "socket" -> simulator.socketResource(i);
          case "vxi11" -> simulator.vxi11PortmapperResource(i);
          default -> simulator.hislipResource(i);
        };
    try (InstrumentSession s = rm.open(address)) {
      flows.get(i).run(s, spelling);
    }
  }
}
