package org.instrumentelement.ial.mock;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.List;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.sim.InstrumentSimulator;
import org.instrumentelement.ial.socket.SocketSessionProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A stopped scope's preamble always describes the data it sends (issue 19): in memory and in the
 * simulator over a raw socket. Keysight's :WAVeform:POINts re-sends the held acquisition with the
 * new count at once; other settings (and R&S's ACQuire:POINts) wait for the next acquisition, and
 * the preamble says so meanwhile.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StoppedScopeConsistencyTest {
  private InstrumentSimulator simulator;
  private ResourceManager rm;

  @BeforeAll
  void start() throws Exception {
    simulator =
        InstrumentSimulator.builder()
            .models("keysight-scope", "rs-rtb")
            .vxi11Port(InstrumentSimulator.OFF)
            .hislipPort(InstrumentSimulator.OFF)
            .build()
            .start();
    rm =
        new ResourceManager()
            .register(new MockSessionProvider())
            .register(new SocketSessionProvider());
  }

  @AfterAll
  void stop() {
    rm.close();
    simulator.close();
  }

  private String address(String where, int instrument) {
    return where.equals("memory")
        ? "MOCK::" + List.of("keysight-scope", "rs-rtb").get(instrument) + "::stopped"
        : simulator.socketResource(instrument);
  }

  private static double[] fields(String reply) {
    String[] f = reply.split(",");
    double[] d = new double[f.length];
    for (int i = 0; i < f.length; i++) {
      d[i] = Double.parseDouble(f[i]);
    }
    return d;
  }

  @ParameterizedTest
  @ValueSource(strings = {"memory", "socket"})
  void keysightPreambleFollowsThePointsOfTheHeldTrace(String where) throws Exception {
    try (InstrumentSession s = rm.open(address(where, 0))) {
      s.write("*RST;:WAV:FORM BYTE;:WAV:POIN 1000;:STOP");
      assertEquals(1000, s.queryBinaryBlock(":WAV:DATA?").length);
      s.write(":WAV:POIN 2000");
      double[] pre = fields(s.query(":WAV:PRE?"));
      byte[] data = s.queryBinaryBlock(":WAV:DATA?");
      assertEquals(2000, pre[2], "the preamble announces 2000 points");
      assertEquals(2000, data.length, "and the data has them");
      assertEquals(10e-3 / 2000, pre[4], 1e-18, "over the 10 ms the trace spans");
      assertArrayEquals(data, s.queryBinaryBlock(":WAV:DATA?"), "still the held acquisition");
      s.write(":TIM:SCAL 2E-3;:CHAN1:SCAL 1");
      assertEquals(pre[4], fields(s.query(":WAV:PRE?"))[4], "timebase waits for an acquisition");
      assertEquals(pre[7], fields(s.query(":WAV:PRE?"))[7], "and so does the vertical scale");
      assertArrayEquals(data, s.queryBinaryBlock(":WAV:DATA?"));
      s.write(":DIGitize CHANnel1");
      double[] fresh = fields(s.query(":WAV:PRE?"));
      assertEquals(20e-3 / 2000, fresh[4], 1e-18);
      assertEquals(1.0 * 8 / 256, fresh[7], 1e-15);
      assertNotEquals(data, s.queryBinaryBlock(":WAV:DATA?"));
      assertEquals("+0,\"No error\"", s.query(":SYST:ERR?"));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"memory", "socket"})
  void rohdeSchwarzRecordLengthWaitsForTheNextAcquisition(String where) throws Exception {
    try (InstrumentSession s = rm.open(address(where, 1))) {
      s.write("*RST;FORM REAL,32;:ACQ:POIN 4000;:STOP");
      assertEquals(4000, s.queryBinaryBlock("CHAN1:DATA?").length / 4);
      s.write("ACQ:POIN 8000");
      assertEquals(4000, fields(s.query("CHAN1:DATA:HEAD?"))[2], "the header describes the trace");
      assertEquals(4000, s.queryBinaryBlock("CHAN1:DATA?").length / 4);
      s.write("SING");
      assertEquals(8000, fields(s.query("CHAN1:DATA:HEAD?"))[2]);
      assertEquals(8000, s.queryBinaryBlock("CHAN1:DATA?").length / 4);
    }
  }
}
