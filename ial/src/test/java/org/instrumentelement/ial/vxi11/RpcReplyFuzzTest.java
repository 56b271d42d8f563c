package org.instrumentelement.ial.vxi11;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.fuzz.AllocationBudget;

/** Fuzzes the client side of VXI-11: what an RPC server (an instrument) sends back. */
class RpcReplyFuzzTest {
  private static final AllocationBudget BUDGET = new AllocationBudget(4 << 20, 64);

  /** What a device_read asks for in the fuzzed replies (the client's request size). */
  private static final int REQUEST = 4096;

  /**
   * Invariant: a stream of bytes from a server is cut into records by {@link RpcRecordCodec#read}
   * and each record checked by {@link RpcMessages#replyXid} and {@link RpcMessages#results}, then
   * read as a device_read result the way {@code Vxi11Session} reads it: nothing but an {@link
   * InstrumentException} (an {@link RpcFormatException} among them) or, at the end of the stream,
   * an {@link EOFException} comes out; memory grows with the bytes received, not with a fragment's
   * announced length; and a record written again in fragments of any size reads back the same.
   *
   * <p>Input: byte 0 is the fragment size (1-256) of the round trip; the rest is the stream.
   */
  @FuzzTest
  void replies(byte[] input) throws Exception {
    if (input.length < 1) {
      return;
    }
    BUDGET.check(input.length, "reading RPC replies", () -> readAll(input));
  }

  private static void readAll(byte[] input) throws Exception {
    int fragment = (input[0] & 0xff) + 1;
    ByteArrayInputStream in = new ByteArrayInputStream(input, 1, input.length - 1);
    while (true) {
      byte[] record;
      try {
        record = RpcRecordCodec.read(in, RpcClient.MAX_REPLY);
      } catch (EOFException e) {
        return; // the server closed the connection between records
      } catch (RpcFormatException e) {
        return; // the client gives the connection up
      }
      roundTrip(record, fragment);
      try {
        RpcMessages.replyXid(record);
        XdrDecoder r = RpcMessages.results(record);
        r.getInt(); // error
        r.getInt(); // reason
        int n = r.opaqueLength(REQUEST);
        byte[] into = new byte[REQUEST];
        r.copyOpaque(into, 0, n);
        if (r.remaining() < 0) {
          throw new AssertionError("read past the end of the record");
        }
      } catch (InstrumentException e) {
        // a documented refusal: the call fails, the connection goes on
      }
    }
  }

  private static void roundTrip(byte[] record, int fragment) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    RpcRecordCodec.write(out, record, 0, record.length, fragment);
    byte[] back = RpcRecordCodec.read(new ByteArrayInputStream(out.toByteArray()), record.length);
    if (!Arrays.equals(record, back)) {
      throw new AssertionError("a record of " + record.length + " bytes did not read back");
    }
  }
}
