package org.instrumentelement.ial.sim;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.instrumentelement.ial.fuzz.AllocationBudget;
import org.instrumentelement.ial.mock.MockDevice;
import org.instrumentelement.ial.vxi11.RpcFormatException;
import org.instrumentelement.ial.vxi11.RpcMessages;
import org.instrumentelement.ial.vxi11.RpcRecordCodec;
import org.instrumentelement.ial.vxi11.Vxi11Protocol;
import org.instrumentelement.ial.vxi11.XdrEncoder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** Fuzzes the simulator's VXI-11 server with what a client sends, one connection per input. */
class Vxi11ServerFuzzTest {
  private static final AllocationBudget BUDGET = new AllocationBudget(8 << 20, 256);
  private static ExecutorService threads;
  private static ScheduledExecutorService later;

  @BeforeAll
  static void executors() {
    threads = Executors.newSingleThreadExecutor();
    later = Executors.newSingleThreadScheduledExecutor();
  }

  @AfterAll
  static void stop() {
    threads.shutdownNow();
    later.shutdownNow();
  }

  /**
   * Invariant: for any bytes a client sends on one connection, the server's loop ({@code
   * RpcServer.serve}: records, {@link RpcMessages#parseCall}, {@link Vxi11Server#answer}) ends the
   * connection on a malformed record or call ({@link RpcFormatException}) and otherwise answers
   * every call with a reply of the call's transaction id (GARBAGE_ARGS for arguments it cannot
   * read); no other exception comes out, and memory grows with the bytes received.
   *
   * <p>The timeouts of device_read, create_link and device_lock are set to 0 in each call before it
   * is served, so that an input cannot make the harness wait (a real client's io_timeout would).
   * The device is the simulator's default oscilloscope, new for each input.
   */
  @FuzzTest
  void calls(byte[] input) throws Exception {
    BUDGET.check(input.length, "serving VXI-11 calls", () -> serve(input));
  }

  private static void serve(byte[] input) throws Exception {
    MockDevice device = InstrumentSimulator.builder().build().device(0);
    Vxi11Server server = new Vxi11Server(Map.of("inst0", device), threads, later);
    ByteArrayInputStream in = new ByteArrayInputStream(input);
    try (RpcServer.Conversation conversation = server.newConversation()) {
      while (true) {
        byte[] record;
        try {
          record = RpcRecordCodec.read(in, RpcServer.MAX_CALL);
        } catch (EOFException e) {
          return;
        }
        RpcMessages.Call call = RpcMessages.parseCall(record);
        zeroTimeouts(record, call);
        call = RpcMessages.parseCall(record);
        XdrEncoder reply;
        try {
          reply = server.answer(call, conversation);
        } catch (RpcFormatException e) {
          reply = RpcMessages.acceptedReply(call.xid(), RpcMessages.GARBAGE_ARGS);
        }
        if (reply == null) {
          return;
        }
        java.io.ByteArrayOutputStream sent = new java.io.ByteArrayOutputStream();
        RpcRecordCodec.write(sent, reply);
        byte[] bytes =
            RpcRecordCodec.read(new ByteArrayInputStream(sent.toByteArray()), Integer.MAX_VALUE);
        if (RpcMessages.replyXid(bytes) != call.xid()) {
          throw new AssertionError("a reply to another call");
        }
      }
    } catch (RpcFormatException e) {
      // the server drops the connection
    } catch (IOException e) {
      throw new AssertionError("not an RPC format error", e);
    }
  }

  /** The third argument of these procedures is a timeout in milliseconds. */
  private static void zeroTimeouts(byte[] record, RpcMessages.Call call) {
    int p = call.procedure();
    if (p != Vxi11Protocol.DEVICE_READ
        && p != Vxi11Protocol.CREATE_LINK
        && p != Vxi11Protocol.DEVICE_LOCK) {
      return;
    }
    int at = record.length - call.arguments().remaining() + 8;
    if (at + 4 <= record.length) {
      java.util.Arrays.fill(record, at, at + 4, (byte) 0);
    }
  }
}
