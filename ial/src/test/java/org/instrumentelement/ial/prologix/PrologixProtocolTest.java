package org.instrumentelement.ial.prologix;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.InvalidResourceNameException;
import org.instrumentelement.ial.ResourceName;
import org.junit.jupiter.api.Test;

/** The {@code ++} protocol's framing and checks, in memory. */
class PrologixProtocolTest {

  private static List<PrologixProtocol.Line> read(byte[] stream, int piece) {
    PrologixProtocol.LineReader reader = new PrologixProtocol.LineReader(1 << 16);
    List<PrologixProtocol.Line> lines = new ArrayList<>();
    for (int i = 0; i < stream.length; i += piece) {
      lines.addAll(reader.add(stream, i, Math.min(piece, stream.length - i)));
    }
    return lines;
  }

  @Test
  void everyByteOfADataLineArrivesAsSent() {
    byte[] message = new byte[256];
    for (int i = 0; i < message.length; i++) {
      message[i] = (byte) i; // CR, LF, ESC and '+' among them
    }
    for (int piece : new int[] {1, 3, 1000}) {
      List<PrologixProtocol.Line> lines = read(PrologixProtocol.dataLine(message), piece);
      assertEquals(1, lines.size());
      assertFalse(lines.get(0).command());
      assertArrayEquals(message, lines.get(0).bytes());
    }
  }

  @Test
  void commandsAreToldFromDataStartingWithPlus() {
    byte[] stream =
        concat(
            PrologixProtocol.commandLine("++addr 5"),
            PrologixProtocol.dataLine("++addr 7".getBytes(StandardCharsets.US_ASCII)),
            "++read eoi\r\n".getBytes(StandardCharsets.US_ASCII));
    List<PrologixProtocol.Line> lines = read(stream, 2);
    assertEquals(3, lines.size());
    assertTrue(lines.get(0).command());
    assertEquals("addr 5", lines.get(0).text());
    assertFalse(lines.get(1).command(), "escaped pluses are data for the instrument");
    assertEquals("++addr 7", new String(lines.get(1).bytes(), StandardCharsets.US_ASCII));
    assertTrue(lines.get(2).command());
    assertEquals("read eoi", lines.get(2).text());
  }

  @Test
  void aLineWithoutEndIsBounded() {
    PrologixProtocol.LineReader reader = new PrologixProtocol.LineReader(100);
    byte[] junk = new byte[101];
    java.util.Arrays.fill(junk, (byte) 'x');
    assertThrows(IllegalStateException.class, () -> reader.add(junk, 0, junk.length));
  }

  @Test
  void anAnswerForAnotherAddressIsRefused() throws Exception {
    PrologixAddress five = address("PROLOGIX::gw::gpib0,5::INSTR");
    PrologixProtocol.checkAddressReply("5\r", five, "x");
    InstrumentException e =
        assertThrows(
            InstrumentException.class, () -> PrologixProtocol.checkAddressReply("6", five, "x"));
    assertTrue(e.getMessage().contains("'6', not 5"), e.getMessage());
    assertThrows(
        InstrumentException.class,
        () -> PrologixProtocol.checkAddressReply("Unrecognized command", five, "x"));
    PrologixAddress secondary = address("PROLOGIX::gw::gpib0,5,2::INSTR");
    PrologixProtocol.checkAddressReply("5 98", secondary, "x");
    assertThrows(
        InstrumentException.class,
        () -> PrologixProtocol.checkAddressReply("5", secondary, "x"),
        "the secondary address counts too");
  }

  @Test
  void addressesAreParsedAndChecked() throws Exception {
    PrologixAddress a = address("PROLOGIX::10.0.0.7::gpib0,22::INSTR");
    assertEquals("10.0.0.7", a.host());
    assertEquals(1234, a.port());
    assertEquals(22, a.primary());
    assertEquals(PrologixAddress.NO_SECONDARY, a.secondary());
    PrologixAddress b = address("prologix0::gw.lab,4000::GPIB0,3,30");
    assertEquals(4000, b.port());
    assertEquals("3 126", b.busAddress());
    for (String bad :
        List.of(
            "PROLOGIX::gw::gpib0,31::INSTR",
            "PROLOGIX::gw::gpib1,3::INSTR",
            "PROLOGIX::gw::gpib0,3;++rst::INSTR",
            "PROLOGIX::gw,0::gpib0,3::INSTR",
            "PROLOGIX::gw::INSTR",
            "PROLOGIX::gw::gpib0,3::SOCKET")) {
      assertThrows(InvalidResourceNameException.class, () -> address(bad), bad);
    }
  }

  private static PrologixAddress address(String text) throws InvalidResourceNameException {
    return PrologixAddress.parse(ResourceName.parse(text));
  }

  private static byte[] concat(byte[]... parts) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }
}
