package org.instrumentelement.ial.sim;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The web identification an LXI device serves at {@code /lxi/identification}, where its {@code
 * _lxi._tcp} announcement points: manufacturer, model, serial number, firmware and the VISA
 * addresses of the instrument, in the layout of the LXI identification document (a subset). JDK's
 * own HTTP server, one per instrument, since an announcement names a host and port only.
 */
final class LxiIdentificationServer implements AutoCloseable {
  static final String PATH = "/lxi/identification";

  private final HttpServer server;

  private LxiIdentificationServer(HttpServer server) {
    this.server = server;
  }

  /** Serves the document of an instrument answering {@code identity} at {@code addresses}. */
  static LxiIdentificationServer start(
      InetAddress host, int port, String identity, List<String> addresses) throws IOException {
    HttpServer s = HttpServer.create(new InetSocketAddress(host, port), 8);
    byte[] body = document(identity, addresses).getBytes(StandardCharsets.UTF_8);
    s.createContext(
        PATH,
        exchange -> {
          exchange.getResponseHeaders().set("Content-Type", "text/xml; charset=utf-8");
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    s.start();
    return new LxiIdentificationServer(s);
  }

  int port() {
    return server.getAddress().getPort();
  }

  static String document(String identity, List<String> addresses) {
    String[] f = (identity + ",,,").split(",", -1);
    StringBuilder b = new StringBuilder();
    b.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        .append("<LXIDevice xmlns=\"http://www.lxistandard.org/InstrumentIdentification/1.0\">\n")
        .append("  <Manufacturer>")
        .append(xml(f[0]))
        .append("</Manufacturer>\n")
        .append("  <Model>")
        .append(xml(f[1]))
        .append("</Model>\n")
        .append("  <SerialNumber>")
        .append(xml(f[2]))
        .append("</SerialNumber>\n")
        .append("  <FirmwareRevision>")
        .append(xml(f[3]))
        .append("</FirmwareRevision>\n")
        .append("  <Interface InterfaceType=\"LXI\" IPType=\"IPv4\">\n");
    for (String a : addresses) {
      b.append("    <InstrumentAddressString>")
          .append(xml(a))
          .append("</InstrumentAddressString>\n");
    }
    return b.append("  </Interface>\n</LXIDevice>\n").toString();
  }

  private static String xml(String s) {
    return s.trim().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
