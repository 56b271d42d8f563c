package org.instrumentelement.ial;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What every transport must do, checked against a SCPI oscilloscope (the mock, or the simulator
 * over a real wire protocol). Each transport's test extends this class and says how to open a
 * session.
 */
public abstract class InstrumentSessionContract {

  protected InstrumentSession session;

  /** Opens a fresh session to an oscilloscope that speaks the mock oscilloscope's SCPI dialect. */
  protected abstract InstrumentSession openSession() throws Exception;

  /** Opens a second, independent session to the same instrument. */
  protected abstract InstrumentSession openSecondSession() throws Exception;

  @BeforeEach
  void open() throws Exception {
    session = openSession();
    session.write("*RST;*CLS");
  }

  @AfterEach
  void close() {
    if (session != null) {
      session.close();
    }
  }

  @Test
  void queryAnswersIdentity() throws Exception {
    String idn = session.query("*IDN?");
    assertEquals(4, idn.split(",").length, idn);
    assertFalse(idn.endsWith("\n"));
  }

  @Test
  void settingsAreWrittenAndReadBack() throws Exception {
    session.write(":TIMebase:SCALe 0.002");
    assertEquals(0.002, Double.parseDouble(session.query(":TIM:SCAL?")), 1e-12);
    assertEquals("0,\"No error\"", session.query(":SYSTem:ERRor?"));
  }

  @Test
  void outOfRangeSettingIsRefusedAndQueued() throws Exception {
    String before = session.query(":TIMebase:SCALe?");
    session.write(":TIMebase:SCALe 1e6");
    assertEquals(before, session.query(":TIMebase:SCALe?"));
    assertTrue(session.query(":SYSTem:ERRor?").startsWith("-222,"));
  }

  @Test
  void aSetupBlockGoesOutAndBackWhateverBytesItHolds() throws Exception {
    session.write(":TIMebase:SCALe 0.0005;:CHANnel2:OFFSet 0.25");
    byte[] setup = session.queryBinaryBlock(":SYSTem:SETup?");
    session.write("*RST");
    assertEquals("0.001", session.query(":TIMebase:SCALe?"));
    session.writeBinaryBlock(":SYSTem:SETup", setup);
    assertEquals("5.0E-4", session.query(":TIMebase:SCALe?"));
    assertEquals("0.25", session.query(":CHANnel2:OFFSet?"));
    assertEquals("0,\"No error\"", session.query(":SYSTem:ERRor?"));
  }

  @Test
  void noByteOfABlockRunsAsACommand() throws Exception {
    session.write(":TIMebase:SCALe 0.0005");
    byte[] payload = new byte[3000];
    for (int i = 0; i < payload.length; i++) {
      payload[i] = (byte) i; // every byte value, newlines included, many times
    }
    byte[] commands =
        "\n;*RST\n:TIMebase:SCALe 1\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    System.arraycopy(commands, 0, payload, 1500, commands.length);
    session.writeBinaryBlock(":TIMebase:SCALe", payload);
    assertEquals("-168,\"Block data not allowed\"", session.query(":SYSTem:ERRor?"));
    session.writeBinaryBlock(":NOSuch:HEADer", payload);
    assertTrue(session.query(":SYSTem:ERRor?").startsWith("-113,"));
    assertEquals("0,\"No error\"", session.query(":SYSTem:ERRor?"), "one error each");
    assertEquals("5.0E-4", session.query(":TIMebase:SCALe?"), "*RST did not run");
  }

  @Test
  void binaryBlockCarriesTheWaveform() throws Exception {
    session.write(":WAVeform:POINts 1000");
    byte[] block = session.queryBinaryBlock(":WAVeform:DATA?");
    assertEquals(8000, block.length);
    double[] volts = new double[1000];
    ByteBuffer.wrap(block).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(volts);
    double max = Double.NEGATIVE_INFINITY;
    for (double v : volts) {
      max = Math.max(max, v);
    }
    assertTrue(max > 0.5 && max < 3, "a 1.5 V sine on channel 1, max " + max);
    // The terminator after the block was consumed: the next query gets its own answer.
    assertEquals("1", session.query("*OPC?"));
  }

  @Test
  void successiveAcquisitionsDiffer() throws Exception {
    byte[] a = session.queryBinaryBlock(":WAVeform:DATA?");
    byte[] b = session.queryBinaryBlock(":WAVeform:DATA?");
    assertEquals(a.length, b.length);
    assertNotEquals(ByteBuffer.wrap(a), ByteBuffer.wrap(b));
  }

  @Test
  void stoppedScopeHoldsItsTrace() throws Exception {
    session.write(":STOP");
    byte[] a = session.queryBinaryBlock(":WAVeform:DATA?");
    byte[] b = session.queryBinaryBlock(":WAVeform:DATA?");
    assertArrayEquals(a, b);
  }

  @Test
  void clearDiscardsAnUnreadReply() throws Exception {
    session.write("*IDN?");
    session.clear();
    assertEquals("1", session.query("*OPC?"));
  }

  @Test
  void readWithNothingAskedTimesOut() throws Exception {
    session.setTimeout(Duration.ofMillis(200));
    assertThrows(InstrumentTimeoutException.class, session::read);
    assertEquals("1", session.query("*OPC?"), "the session still works after a timeout");
  }

  @Test
  void blockPayloadMayHoldTerminators() throws Exception {
    session.write(":WAVeform:POINts 10000");
    byte[] block = session.queryBinaryBlock(":WAVeform:DATA?");
    assertEquals(80_000, block.length);
    int newlines = 0;
    for (byte b : block) {
      newlines += b == '\n' ? 1 : 0;
    }
    assertTrue(newlines > 0, "80,000 bytes of float64 noise hold the terminator byte somewhere");
    double[] volts = new double[10_000];
    ByteBuffer.wrap(block).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(volts);
    for (double v : volts) {
      assertTrue(Math.abs(v) < 3, "every sample decodes to a voltage on screen: " + v);
    }
    assertEquals("1", session.query("*OPC?"));
  }

  @Test
  void lateReplyNeverReachesTheNextQuery() throws Exception {
    // *CAL? answers "0" after 400 ms: the read gives up first, and the reply comes later.
    session.setTimeout(Duration.ofMillis(100));
    session.write("*CAL?");
    assertThrows(InstrumentTimeoutException.class, session::read);
    // This query's own answer comes 400 ms after it is sent, so the late "0" of the first one
    // is on the wire first: only a transport that discards it returns "1;0".
    session.setTimeout(Duration.ofSeconds(2));
    assertEquals("1;0", session.query("*OPC?;*CAL?"));
    assertEquals("1", session.query("*OPC?"));
  }

  @Test
  void statusByteShowsTheErrorQueue() throws Exception {
    assertEquals(0, session.readStatusByte() & 4);
    session.write(":NO:SUCH:HEADer");
    assertEquals(4, session.readStatusByte() & 4, "error queue not empty");
    assertTrue(session.query(":SYSTem:ERRor?").startsWith("-113,"));
    assertEquals(0, session.readStatusByte() & 4);
  }

  @Test
  void lockKeepsOtherSessionsOut() throws Exception {
    try (InstrumentSession other = openSecondSession()) {
      session.lock(Duration.ofMillis(100));
      assertThrows(InstrumentException.class, () -> other.lock(Duration.ofMillis(100)));
      session.unlock();
      other.lock(Duration.ofMillis(100));
      other.unlock();
    }
  }
}
