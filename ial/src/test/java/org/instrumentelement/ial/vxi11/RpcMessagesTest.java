package org.instrumentelement.ial.vxi11;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.instrumentelement.ial.InstrumentException;
import org.junit.jupiter.api.Test;

class RpcMessagesTest {

  @Test
  void callRoundTripsThroughTheServerSideParser() throws Exception {
    byte[] call = RpcMessages.call(42, 0x0607AF, 1, 10).putInt(7).toByteArray();
    RpcMessages.Call c = RpcMessages.parseCall(call);
    assertEquals(42, c.xid());
    assertEquals(0x0607AF, c.program());
    assertEquals(1, c.version());
    assertEquals(10, c.procedure());
    assertEquals(7, c.arguments().getInt());
  }

  @Test
  void successfulReplyLeavesTheDecoderAtTheResults() throws Exception {
    byte[] reply = RpcMessages.acceptedReply(42, RpcMessages.SUCCESS).putInt(4880).toByteArray();
    assertEquals(42, RpcMessages.replyXid(reply));
    assertEquals(4880, RpcMessages.results(reply).getInt());
  }

  @Test
  void refusalsNameTheirReason() {
    byte[] noProc = RpcMessages.acceptedReply(1, RpcMessages.PROC_UNAVAIL).toByteArray();
    assertTrue(
        assertThrows(InstrumentException.class, () -> RpcMessages.results(noProc))
            .getMessage()
            .contains("procedure not available"));
    byte[] mismatch =
        RpcMessages.acceptedReply(1, RpcMessages.PROG_MISMATCH).putInt(1).putInt(1).toByteArray();
    assertTrue(
        assertThrows(InstrumentException.class, () -> RpcMessages.results(mismatch))
            .getMessage()
            .contains("server has 1..1"));
    byte[] denied = new XdrEncoder().putInt(1).putInt(1).putInt(1).putInt(1).toByteArray();
    assertTrue(
        assertThrows(InstrumentException.class, () -> RpcMessages.results(denied))
            .getMessage()
            .contains("denied"));
  }

  @Test
  void malformedMessagesAreFormatErrors() {
    byte[] reply = RpcMessages.acceptedReply(1, RpcMessages.SUCCESS).toByteArray();
    assertThrows(RpcFormatException.class, () -> RpcMessages.parseCall(reply), "not a call");
    byte[] call = RpcMessages.call(1, 2, 3, 4).toByteArray();
    assertThrows(RpcFormatException.class, () -> RpcMessages.results(call), "not a reply");
    byte[] v3 = RpcMessages.call(1, 2, 3, 4).toByteArray();
    v3[11] = 3; // rpcvers
    assertThrows(RpcFormatException.class, () -> RpcMessages.parseCall(v3));
    byte[] cut = java.util.Arrays.copyOf(RpcMessages.call(1, 2, 3, 4).toByteArray(), 30);
    assertThrows(RpcFormatException.class, () -> RpcMessages.parseCall(cut));
  }
}
