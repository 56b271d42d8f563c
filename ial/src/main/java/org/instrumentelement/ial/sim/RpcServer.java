package org.instrumentelement.ial.sim;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.util.concurrent.ExecutorService;
import org.instrumentelement.ial.vxi11.RpcFormatException;
import org.instrumentelement.ial.vxi11.RpcMessages;
import org.instrumentelement.ial.vxi11.RpcRecordCodec;
import org.instrumentelement.ial.vxi11.XdrEncoder;

/**
 * An ONC RPC server over TCP: reads one call record at a time, answers it, and drops a connection
 * that sends something that is not an RPC call.
 */
abstract class RpcServer extends TcpServer {
  /** Largest call accepted; a VXI-11 client writes at most maxRecvSize bytes per call. */
  static final int MAX_CALL = 4 << 20;

  RpcServer(ExecutorService threads) {
    super(threads);
  }

  /** What one connection remembers between calls (VXI-11 links); closed with the connection. */
  interface Conversation extends AutoCloseable {
    @Override
    void close();
  }

  /** Starts the state of a new connection. */
  protected abstract Conversation newConversation();

  /**
   * Answers one call.
   *
   * @return the whole reply, header included, or {@code null} to drop the connection
   */
  protected abstract XdrEncoder answer(RpcMessages.Call call, Conversation conversation)
      throws RpcFormatException;

  @Override
  protected final void serve(Socket connection) throws IOException {
    InputStream in = new BufferedInputStream(connection.getInputStream(), 1 << 16);
    OutputStream out = new BufferedOutputStream(connection.getOutputStream(), 1 << 16);
    try (Conversation conversation = newConversation()) {
      while (true) {
        byte[] record;
        try {
          record = RpcRecordCodec.read(in, MAX_CALL);
        } catch (EOFException e) {
          return;
        }
        RpcMessages.Call call = RpcMessages.parseCall(record);
        XdrEncoder reply;
        try {
          reply = answer(call, conversation);
        } catch (RpcFormatException e) {
          reply = RpcMessages.acceptedReply(call.xid(), RpcMessages.GARBAGE_ARGS);
        }
        if (reply == null) {
          return;
        }
        RpcRecordCodec.write(out, reply);
      }
    }
  }
}
