package org.instrumentelement.jmeter.jms;

import java.io.IOException;
import java.net.URI;
import javax.net.ssl.SSLSocketFactory;
import org.apache.activemq.transport.Transport;
import org.apache.activemq.transport.tcp.SslTransportFactory;
import org.apache.activemq.wireformat.WireFormat;

/**
 * The {@code countingssl://} scheme: ActiveMQ's TLS transport ({@code ssl://}) whose sockets count
 * the bytes on the wire. The TLS settings (trust and key managers) come from the connection
 * factory, as for {@code ssl://}.
 */
public final class CountingSslTransportFactory extends SslTransportFactory {
  /** The URL scheme; {@code countingssl://host:port} connects like {@code ssl://host:port}. */
  public static final String SCHEME = "countingssl";

  @Override
  protected Transport createTransport(URI location, WireFormat wf) throws IOException {
    return new CountingSslTransport(
        wf, new CountingSslSocketFactory((SSLSocketFactory) createSocketFactory()), location, null);
  }
}
