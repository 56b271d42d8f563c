package org.instrumentelement.ial.vxi11;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RpcRecordCodecTest {

  private static byte[] framed(byte[] record, int maxFragment) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    RpcRecordCodec.write(out, record, 0, record.length, maxFragment);
    return out.toByteArray();
  }

  @Test
  void singleFragmentCarriesTheLastFragmentBit() throws Exception {
    byte[] wire = framed(new byte[] {1, 2, 3}, 100);
    assertArrayEquals(new byte[] {(byte) 0x80, 0, 0, 3, 1, 2, 3}, wire);
  }

  @Test
  void fragmentsAreReassembled() throws Exception {
    byte[] record = new byte[10_000];
    Arrays.fill(record, (byte) 7);
    byte[] wire = framed(record, 3_000);
    assertEquals(10_000 + 4 * 4, wire.length, "four fragments");
    assertEquals(0, wire[0] & 0x80, "the first fragment is not the last");
    assertArrayEquals(record, RpcRecordCodec.read(new ByteArrayInputStream(wire), 1 << 20));
  }

  @Test
  void twoRecordsInARowAreTwoReads() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(framed(new byte[] {1}, 10));
    out.write(framed(new byte[] {2, 2}, 10));
    ByteArrayInputStream in = new ByteArrayInputStream(out.toByteArray());
    assertArrayEquals(new byte[] {1}, RpcRecordCodec.read(in, 100));
    assertArrayEquals(new byte[] {2, 2}, RpcRecordCodec.read(in, 100));
    assertThrows(EOFException.class, () -> RpcRecordCodec.read(in, 100), "clean end of stream");
  }

  @Test
  void truncatedRecordsAreFormatErrors() throws Exception {
    byte[] wire = framed(new byte[] {1, 2, 3, 4, 5}, 100);
    for (int cut = 1; cut < wire.length; cut++) {
      ByteArrayInputStream in = new ByteArrayInputStream(Arrays.copyOf(wire, cut));
      RpcFormatException e =
          assertThrows(RpcFormatException.class, () -> RpcRecordCodec.read(in, 100), "" + cut);
      assertTrue(e.getMessage().contains("cut short"), e.getMessage());
    }
  }

  @Test
  void oversizedRecordsAreRefusedBeforeReadingThem() throws Exception {
    byte[] mark = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF}; // 2 GiB announced
    RpcFormatException e =
        assertThrows(
            RpcFormatException.class,
            () -> RpcRecordCodec.read(new ByteArrayInputStream(mark), 64 << 20));
    assertTrue(e.getMessage().contains("more than"), e.getMessage());
    byte[] wire = framed(new byte[300], 100); // three fragments, each small, 300 in all
    assertThrows(
        RpcFormatException.class, () -> RpcRecordCodec.read(new ByteArrayInputStream(wire), 250));
  }
}
