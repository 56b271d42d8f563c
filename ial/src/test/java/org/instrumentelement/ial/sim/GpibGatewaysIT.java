package org.instrumentelement.ial.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.prologix.PrologixSessionProvider;
import org.instrumentelement.ial.vxi11.Vxi11SessionProvider;
import org.junit.jupiter.api.Test;

/**
 * Two instruments behind one LAN/GPIB gateway, each used by its own session from its own thread at
 * once: every answer comes from the instrument asked, over a VXI-11 gateway ({@code gpib0,N}) and a
 * Prologix-style one (one shared connection, {@code ++addr} switching).
 */
class GpibGatewaysIT {
  private static final int ROUNDS = 60;

  @Test
  void vxi11GatewayKeepsItsInstrumentsApart() throws Exception {
    try (InstrumentSimulator sim = gateway(InstrumentSimulator.Gateway.VXI11);
        ResourceManager rm =
            new ResourceManager().register(new Vxi11SessionProvider(sim.portmapperPort()))) {
      assertEquals("gpib0,2", sim.vxi11Device(1));
      readConcurrently(
          sim, rm.open(sim.vxi11PortmapperResource(0)), rm.open(sim.vxi11PortmapperResource(1)));
    }
  }

  @Test
  void prologixGatewayKeepsItsInstrumentsApart() throws Exception {
    try (InstrumentSimulator sim = gateway(InstrumentSimulator.Gateway.PROLOGIX);
        ResourceManager rm = new ResourceManager().register(new PrologixSessionProvider())) {
      readConcurrently(sim, rm.open(sim.prologixResource(0)), rm.open(sim.prologixResource(1)));
    }
  }

  @Test
  void aPrologixGatewayAnsweringForAnotherAddressIsRefused() throws Exception {
    try (InstrumentSimulator sim =
            InstrumentSimulator.builder()
                .models("keysight-scope", "dmm")
                .gateway(InstrumentSimulator.Gateway.PROLOGIX)
                .gatewayAnswersForWrongAddress(true)
                .build()
                .start();
        ResourceManager rm = new ResourceManager().register(new PrologixSessionProvider())) {
      InstrumentException e =
          assertThrows(InstrumentException.class, () -> rm.open(sim.prologixResource(0)));
      assertTrue(e.getMessage().contains("answers for GPIB address '2', not 1"), e.getMessage());
    }
  }

  @Test
  void serialPollAndDeviceClearReachTheInstrumentAddressed() throws Exception {
    try (InstrumentSimulator sim = gateway(InstrumentSimulator.Gateway.PROLOGIX);
        ResourceManager rm = new ResourceManager().register(new PrologixSessionProvider());
        InstrumentSession scope = rm.open(sim.prologixResource(0));
        InstrumentSession dmm = rm.open(sim.prologixResource(1))) {
      scope.write(":NO:SUCH:HEADer");
      assertEquals(4, scope.readStatusByte() & 4, "the scope's error queue");
      assertEquals(0, dmm.readStatusByte() & 4, "not the DMM's");
      dmm.write("*IDN?");
      assertEquals(0x10, dmm.readStatusByte() & 0x10, "the DMM has a reply waiting");
      dmm.clear();
      assertEquals(0, dmm.readStatusByte() & 0x10, "cleared");
      assertTrue(scope.query(":SYSTem:ERRor?").startsWith("-113"));
    }
  }

  private static InstrumentSimulator gateway(InstrumentSimulator.Gateway g) throws Exception {
    return InstrumentSimulator.builder().models("keysight-scope", "dmm").gateway(g).build().start();
  }

  private static void readConcurrently(
      InstrumentSimulator sim, InstrumentSession scope, InstrumentSession dmm) throws Exception {
    String scopeId = sim.device(0).identity();
    String dmmId = sim.device(1).identity();
    CyclicBarrier start = new CyclicBarrier(2);
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try (scope;
        dmm) {
      scope.write(":WAVeform:FORMat BYTE;POINts 1000");
      List<Future<Integer>> done = new ArrayList<>();
      done.add(
          pool.submit(
              reader(
                  start,
                  () -> {
                    assertEquals(scopeId, scope.query("*IDN?"));
                    assertEquals(1000, scope.queryBinaryBlock(":WAVeform:DATA?").length);
                    assertEquals("BYTE", scope.query(":WAVeform:FORMat?"));
                  })));
      done.add(
          pool.submit(
              reader(
                  start,
                  () -> {
                    assertEquals(dmmId, dmm.query("*IDN?"));
                    Double.parseDouble(dmm.query("READ?"));
                    assertTrue(dmm.query("TRIGger:SOURce?").startsWith("IMM"));
                  })));
      for (Future<Integer> f : done) {
        assertEquals(ROUNDS, f.get(60, TimeUnit.SECONDS));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private interface Round {
    void run() throws Exception;
  }

  private static Callable<Integer> reader(CyclicBarrier start, Round round) {
    return () -> {
      start.await(10, TimeUnit.SECONDS);
      for (int i = 0; i < ROUNDS; i++) {
        round.run();
      }
      return ROUNDS;
    };
  }
}
