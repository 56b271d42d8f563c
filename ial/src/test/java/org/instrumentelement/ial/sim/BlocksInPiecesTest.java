package org.instrumentelement.ial.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.instrumentelement.ial.InstrumentSession;
import org.instrumentelement.ial.ResourceManager;
import org.instrumentelement.ial.hislip.HislipSessionProvider;
import org.instrumentelement.ial.vxi11.Vxi11SessionProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A block that spans the pieces a client splits a long write into: VXI-11 device_writes of at most
 * the link's maxRecvSize (END on the last), HiSLIP Data messages ending with a DataEnd. The device
 * takes the block by its length across them; no byte of it runs as a command.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BlocksInPiecesTest {
  private InstrumentSimulator sim;
  private ResourceManager rm;

  @BeforeAll
  void start() throws Exception {
    sim =
        InstrumentSimulator.builder()
            .models("keysight-scope")
            .portmapperPort(InstrumentSimulator.OFF)
            .vxi11MaxRecvSize(1024) // the least VXI-11 allows
            .hislipMaxMessage(100)
            .build()
            .start();
    rm =
        new ResourceManager()
            .register(new Vxi11SessionProvider())
            .register(new HislipSessionProvider());
  }

  @AfterAll
  void stop() {
    rm.close();
    sim.close();
  }

  private void blocksSpanPieces(String resource) throws Exception {
    try (InstrumentSession s = rm.open(resource)) {
      s.write("*RST;*CLS;:TIMebase:SCALe 0.0005;:WAVeform:FORMat WORD");
      byte[] setup = s.queryBinaryBlock(":SYSTem:SETup?");
      assertTrue(setup.length > 300, "a setup spans several 100-byte HiSLIP messages");
      s.write(":TIMebase:SCALe 0.002;:WAVeform:FORMat BYTE");
      s.writeBinaryBlock(":SYSTem:SETup", setup);
      assertEquals("+5.00000000E-004", s.query(":TIMebase:SCALe?"));
      assertEquals("WORD", s.query(":WAVeform:FORMat?"));
      byte[] payload = new byte[5000];
      for (int i = 0; i < payload.length; i++) {
        payload[i] = (byte) (i * 7);
      }
      byte[] commands = "\n;*RST\n*CLS\n".getBytes(StandardCharsets.US_ASCII);
      for (int at : List.of(0, 1023, 1024, 2047, 4985)) {
        System.arraycopy(commands, 0, payload, at, commands.length);
      }
      s.writeBinaryBlock(":WAVeform:FORMat", payload);
      assertEquals("-168,\"Block data not allowed\"", s.query(":SYSTem:ERRor?"));
      assertEquals("+0,\"No error\"", s.query(":SYSTem:ERRor?"));
      assertEquals("+5.00000000E-004", s.query(":TIMebase:SCALe?"), "*RST did not run");
      assertEquals("WORD", s.query(":WAVeform:FORMat?"));
    }
  }

  @Test
  void overVxi11InPiecesOfTheLinksMaxRecvSize() throws Exception {
    blocksSpanPieces(sim.vxi11Resource(0));
  }

  @Test
  void overHislipInDataMessagesEndingWithDataEnd() throws Exception {
    blocksSpanPieces(sim.hislipResource(0));
  }
}
