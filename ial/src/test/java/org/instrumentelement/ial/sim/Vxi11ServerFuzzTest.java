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
  /**
   * Per call: a device's reply may be large by design (a 1,000,000-point float64 waveform is 8 MB
   * from a 40-byte query), so the budget is for one call, not for the whole connection.
   */
  private static final AllocationBudget BUDGET = new AllocationBudget(16 << 20, 256);

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
   * read); no other exception comes out, and the memory one call takes grows with the bytes
   * received (and the device's reply), not with a length announced in them.
   *
   * <p>The timeouts of device_read, create_link and device_lock are set to 0 in each call before it
   * is served, so that an input cannot make the harness wait (a real client's io_timeout would).
   * The device is the simulator's default oscilloscope, new for each input.
   */
  @FuzzTest
  void calls(byte[] input) throws Exception {
    BUDGET.checkMeasured(input.length, "serving one VXI-11 call", () -> serve(input));
  }

  /** Serves the connection; returns the most one call allocated. */
  private static long serve(byte[] input) throws Exception {
    long most = 0;
    long before = 0;
    MockDevice device = InstrumentSimulator.builder().build().device(0);
    Vxi11Server server =
        new Vxi11Server(Map.of("inst0", device), threads, later, Vxi11Server.MAX_RECV_SIZE);
    ByteArrayInputStream in = new ByteArrayInputStream(input);
    try (RpcServer.Conversation conversation = server.newConversation()) {
      while (true) {
        before = AllocationBudget.allocatedSoFar();
        byte[] record;
        try {
          record = RpcRecordCodec.read(in, RpcServer.MAX_CALL);
        } catch (EOFException e) {
          return most;
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
          return most;
        }
        java.io.ByteArrayOutputStream sent = new java.io.ByteArrayOutputStream();
        RpcRecordCodec.write(sent, reply);
        byte[] bytes =
            RpcRecordCodec.read(new ByteArrayInputStream(sent.toByteArray()), Integer.MAX_VALUE);
        if (RpcMessages.replyXid(bytes) != call.xid()) {
          throw new AssertionError("a reply to another call");
        }
        most = Math.max(most, AllocationBudget.allocatedSoFar() - before);
      }
    } catch (RpcFormatException e) {
      // the server drops the connection; what the failed call took counts too
      return Math.max(most, AllocationBudget.allocatedSoFar() - before);
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
