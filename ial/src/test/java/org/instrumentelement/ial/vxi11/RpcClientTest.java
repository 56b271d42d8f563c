package org.instrumentelement.ial.vxi11;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.time.Duration;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.transport.Deadline;
import org.junit.jupiter.api.Test;

/** The RPC client on in-memory streams: what a server sends is scripted before the call. */
class RpcClientTest {

  /** Serves bytes appended to {@link #script} after the client was built. */
  private static final class ScriptedInput extends InputStream {
    final ByteArrayOutputStream script = new ByteArrayOutputStream();
    private int pos;

    @Override
    public int read() {
      byte[] b = script.toByteArray();
      return pos < b.length ? b[pos++] & 0xff : -1;
    }
  }

  private final ScriptedInput server = new ScriptedInput();
  private final ByteArrayOutputStream sent = new ByteArrayOutputStream();
  private final RpcClient client = new RpcClient("test", server, sent, ms -> {}, () -> {});

  private void serverAnswers(int xid, int result) throws Exception {
    byte[] reply = RpcMessages.acceptedReply(xid, RpcMessages.SUCCESS).putInt(result).toByteArray();
    RpcRecordCodec.write(server.script, reply);
  }

  private static Deadline soon() {
    return Deadline.after(Duration.ofSeconds(1));
  }

  @Test
  void lateRepliesWithOldTransactionIdsAreDropped() throws Exception {
    XdrEncoder call = client.newCall(100000, 2, 3);
    int xid = new XdrDecoder(call.toByteArray()).getInt();
    serverAnswers(xid - 2, 111); // answers to calls that gave up long ago
    serverAnswers(xid - 1, 222);
    serverAnswers(xid, 4880);
    assertEquals(4880, client.call(call, soon(), Duration.ZERO).getInt());
    assertEquals(2, client.droppedReplies());
    RpcMessages.Call sentCall =
        RpcMessages.parseCall(
            RpcRecordCodec.read(new java.io.ByteArrayInputStream(sent.toByteArray()), 1024));
    assertEquals(xid, sentCall.xid());
    assertEquals(3, sentCall.procedure());
  }

  @Test
  void eachCallHasANewTransactionId() throws Exception {
    int a = new XdrDecoder(client.newCall(1, 1, 1).toByteArray()).getInt();
    int b = new XdrDecoder(client.newCall(1, 1, 1).toByteArray()).getInt();
    assertEquals(a + 1, b);
  }

  @Test
  void replyCutShortBreaksTheConnectionForGood() throws Exception {
    XdrEncoder call = client.newCall(1, 1, 1);
    int xid = new XdrDecoder(call.toByteArray()).getInt();
    byte[] reply = RpcMessages.acceptedReply(xid, RpcMessages.SUCCESS).putInt(9).toByteArray();
    ByteArrayOutputStream framed = new ByteArrayOutputStream();
    RpcRecordCodec.write(framed, reply);
    server.script.write(framed.toByteArray(), 0, framed.size() - 3);
    assertThrows(RpcFormatException.class, () -> client.call(call, soon(), Duration.ZERO));
    InstrumentException again =
        assertThrows(
            InstrumentException.class,
            () -> client.call(client.newCall(1, 1, 1), soon(), Duration.ZERO));
    assertEquals(true, again.getMessage().contains("cut short"), again.getMessage());
  }

  @Test
  void closedConnectionIsALostInstrument() {
    InstrumentException e =
        assertThrows(
            InstrumentException.class,
            () -> client.call(client.newCall(1, 1, 1), soon(), Duration.ZERO));
    assertEquals(true, e.getMessage().contains("connection lost"), e.getMessage());
  }
}
