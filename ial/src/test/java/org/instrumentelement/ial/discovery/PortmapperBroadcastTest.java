package org.instrumentelement.ial.discovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.vxi11.RpcMessages;
import org.instrumentelement.ial.vxi11.Vxi11Protocol;
import org.instrumentelement.ial.vxi11.XdrEncoder;
import org.junit.jupiter.api.Test;

/** The broadcast's GETPORT call and the checks on its replies, in memory. */
class PortmapperBroadcastTest {

  @Test
  void theCallAsksForTheVxi11CoreChannelOverTcp() throws Exception {
    RpcMessages.Call call = RpcMessages.parseCall(PortmapperBroadcast.call(42));
    assertEquals(42, call.xid());
    assertEquals(100000, call.program());
    assertEquals(2, call.version());
    assertEquals(3, call.procedure(), "PMAPPROC_GETPORT");
    assertEquals(0x0607AF, call.arguments().getInt());
    assertEquals(1, call.arguments().getInt());
    assertEquals(6, call.arguments().getInt(), "IPPROTO_TCP");
    assertEquals(0, call.arguments().getInt());
    assertEquals(0, call.arguments().remaining());
  }

  @Test
  void aReplyNamesThePort() throws Exception {
    byte[] reply = RpcMessages.acceptedReply(42, RpcMessages.SUCCESS).putInt(40123).toByteArray();
    assertEquals(40123, PortmapperBroadcast.port(reply, reply.length, 42));
    byte[] unknown = RpcMessages.acceptedReply(42, RpcMessages.SUCCESS).putInt(0).toByteArray();
    assertEquals(0, PortmapperBroadcast.port(unknown, unknown.length, 42));
  }

  @Test
  void repliesThatAreNotOursOrNotRepliesAreRefused() {
    byte[] other = RpcMessages.acceptedReply(41, RpcMessages.SUCCESS).putInt(1).toByteArray();
    assertThrows(
        InstrumentException.class, () -> PortmapperBroadcast.port(other, other.length, 42));
    byte[] call = PortmapperBroadcast.call(42);
    assertThrows(InstrumentException.class, () -> PortmapperBroadcast.port(call, call.length, 42));
    byte[] truncated = RpcMessages.acceptedReply(42, RpcMessages.SUCCESS).toByteArray();
    assertThrows(
        InstrumentException.class, () -> PortmapperBroadcast.port(truncated, truncated.length, 42));
    byte[] refused = RpcMessages.acceptedReply(42, RpcMessages.PROG_UNAVAIL).toByteArray();
    assertThrows(
        InstrumentException.class, () -> PortmapperBroadcast.port(refused, refused.length, 42));
    byte[] huge =
        RpcMessages.acceptedReply(42, RpcMessages.SUCCESS).putUnsignedInt(70000).toByteArray();
    assertThrows(InstrumentException.class, () -> PortmapperBroadcast.port(huge, huge.length, 42));
    byte[] garbage = new XdrEncoder().putInt(42).putInt(1).putInt(7).toByteArray();
    assertThrows(
        InstrumentException.class, () -> PortmapperBroadcast.port(garbage, garbage.length, 42));
    byte[] tiny = {1, 2};
    assertThrows(InstrumentException.class, () -> PortmapperBroadcast.port(tiny, 2, 42));
    assertEquals(Vxi11Protocol.CORE_PROGRAM, 0x0607AF);
  }
}
