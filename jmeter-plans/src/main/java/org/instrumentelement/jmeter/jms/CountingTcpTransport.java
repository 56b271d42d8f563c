package org.instrumentelement.jmeter.jms;

import java.io.IOException;
import java.net.URI;
import java.net.UnknownHostException;
import javax.net.SocketFactory;
import org.apache.activemq.transport.tcp.TcpTransport;
import org.apache.activemq.wireformat.WireFormat;

/** ActiveMQ's TCP transport over a {@link CountingSocket}, exposing its byte counts. */
public final class CountingTcpTransport extends TcpTransport implements ByteCounts {

  CountingTcpTransport(WireFormat wf, SocketFactory sf, URI remote, URI local)
      throws UnknownHostException, IOException {
    super(wf, sf, remote, local);
  }

  @Override
  public long bytesIn() {
    return socket instanceof CountingSocket c ? c.bytesIn() : 0;
  }

  @Override
  public long bytesOut() {
    return socket instanceof CountingSocket c ? c.bytesOut() : 0;
  }
}
