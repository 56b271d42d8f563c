package org.instrumentelement.jmeter.jms;

import java.io.IOException;
import java.net.URI;
import org.apache.activemq.transport.tcp.SslTransport;
import org.apache.activemq.wireformat.WireFormat;

/** ActiveMQ's TLS transport over a {@link CountingSocket}, exposing its byte counts. */
public final class CountingSslTransport extends SslTransport implements ByteCounts {
  private final CountingSslSocketFactory sockets;

  CountingSslTransport(WireFormat wf, CountingSslSocketFactory sockets, URI remote, URI local)
      throws IOException {
    super(wf, sockets, remote, local, false);
    this.sockets = sockets;
  }

  @Override
  public long bytesIn() {
    CountingSocket c = sockets.counting();
    return c == null ? 0 : c.bytesIn();
  }

  @Override
  public long bytesOut() {
    CountingSocket c = sockets.counting();
    return c == null ? 0 : c.bytesOut();
  }
}
