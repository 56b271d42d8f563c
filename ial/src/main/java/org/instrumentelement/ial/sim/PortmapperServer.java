package org.instrumentelement.ial.sim;

import java.util.concurrent.ExecutorService;
import java.util.function.IntSupplier;
import org.instrumentelement.ial.vxi11.RpcFormatException;
import org.instrumentelement.ial.vxi11.RpcMessages;
import org.instrumentelement.ial.vxi11.Vxi11Protocol;
import org.instrumentelement.ial.vxi11.XdrEncoder;

/**
 * A portmapper (RFC 1833, version 2) that knows one program, the VXI-11 core channel. On its own
 * port, since 111 needs privileges; clients are told that port.
 */
final class PortmapperServer extends RpcServer {
  private final IntSupplier vxi11Port;

  PortmapperServer(IntSupplier vxi11Port, ExecutorService threads) {
    super(threads);
    this.vxi11Port = vxi11Port;
  }

  @Override
  protected Conversation newConversation() {
    return () -> {};
  }

  @Override
  protected XdrEncoder answer(RpcMessages.Call call, Conversation conversation)
      throws RpcFormatException {
    return answer(call, vxi11Port.getAsInt());
  }

  /** The portmapper's reply to one call, over TCP or UDP, knowing the VXI-11 core's port. */
  static XdrEncoder answer(RpcMessages.Call call, int vxi11Port) throws RpcFormatException {
    if (call.program() != Vxi11Protocol.PORTMAPPER_PROGRAM) {
      return RpcMessages.acceptedReply(call.xid(), RpcMessages.PROG_UNAVAIL);
    }
    if (call.version() != Vxi11Protocol.PORTMAPPER_VERSION) {
      return RpcMessages.acceptedReply(call.xid(), RpcMessages.PROG_MISMATCH).putInt(2).putInt(2);
    }
    switch (call.procedure()) {
      case Vxi11Protocol.PORTMAPPER_NULL -> {
        return RpcMessages.acceptedReply(call.xid(), RpcMessages.SUCCESS);
      }
      case Vxi11Protocol.PORTMAPPER_GETPORT -> {
        int program = call.arguments().getInt();
        int version = call.arguments().getInt();
        int protocol = call.arguments().getInt();
        call.arguments().getInt(); // port: ignored in a GETPORT
        boolean known =
            program == Vxi11Protocol.CORE_PROGRAM
                && version == Vxi11Protocol.CORE_VERSION
                && protocol == Vxi11Protocol.IPPROTO_TCP;
        return RpcMessages.acceptedReply(call.xid(), RpcMessages.SUCCESS)
            .putInt(known ? vxi11Port : 0);
      }
      default -> {
        return RpcMessages.acceptedReply(call.xid(), RpcMessages.PROC_UNAVAIL);
      }
    }
  }
}
