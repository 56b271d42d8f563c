package org.instrumentelement.ie.pubsub.transport;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.PushbackInputStream;
import java.net.Socket;
import org.apache.activemq.transport.tcp.TcpTransport;
import org.apache.activemq.util.ServiceStopper;
import org.apache.activemq.wireformat.WireFormat;

/**
 * A client's socket, read one frame at a time within {@code maxFrameBytes}: a frame that declares
 * more is refused before anything is allocated for it, and one that reads more (however it is
 * built) is cut off. Either way the connection closes. Only what clients send is bounded; what the
 * broker sends them is not.
 */
final class FrameLimitedTransport extends TcpTransport {
  private final ClientProtocol protocol;
  private final int maxFrameBytes;
  private final ConnectionQuota.Ticket ticket;
  private final Refusals refusals;
  private PushbackInputStream ahead;
  private FrameBudget budget;

  FrameLimitedTransport(
      WireFormat format,
      Socket socket,
      ClientProtocol protocol,
      int maxFrameBytes,
      ConnectionQuota.Ticket ticket,
      Refusals refusals)
      throws IOException {
    super(format, socket);
    this.protocol = protocol;
    this.maxFrameBytes = maxFrameBytes;
    this.ticket = ticket;
    this.refusals = refusals;
  }

  @Override
  protected void initializeStreams() throws Exception {
    super.initializeStreams();
    ahead = new PushbackInputStream(dataIn, ClientProtocol.MAX_PEEK);
    budget = new FrameBudget(ahead);
    dataIn = new DataInputStream(budget);
  }

  @Override
  protected Object readCommand() throws IOException {
    try {
      long declared = protocol.declaredLength(ahead);
      if (declared > maxFrameBytes) {
        throw new FrameBudget.FrameTooLarge("a frame of " + declared + " bytes");
      }
      budget.startFrame((long) maxFrameBytes + ClientProtocol.FRAME_OVERHEAD);
      return super.readCommand();
    } catch (FrameBudget.FrameTooLarge e) {
      refusals.refuse(
          protocol.toString(),
          Refusals.address(getRemoteAddress()),
          null,
          "frame",
          null,
          e.getMessage() + " (the limit is " + maxFrameBytes + "); connection closed");
      throw e;
    }
  }

  @Override
  protected void doStop(ServiceStopper stopper) throws Exception {
    try {
      super.doStop(stopper);
    } finally {
      ticket.release();
    }
  }
}
