package org.instrumentelement.ie.opcuapeer;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import org.eclipse.milo.opcua.sdk.server.EndpointConfig;
import org.eclipse.milo.opcua.sdk.server.OpcUaServer;
import org.eclipse.milo.opcua.sdk.server.OpcUaServerConfig;
import org.eclipse.milo.opcua.sdk.server.OpcUaServerConfigLimits;
import org.eclipse.milo.opcua.stack.core.security.DefaultCertificateManager;
import org.eclipse.milo.opcua.stack.core.security.MemoryCertificateQuarantine;
import org.eclipse.milo.opcua.stack.core.security.SecurityPolicy;
import org.eclipse.milo.opcua.stack.core.transport.TransportProfile;
import org.eclipse.milo.opcua.stack.core.types.builtin.LocalizedText;
import org.eclipse.milo.opcua.stack.core.types.builtin.unsigned.UInteger;
import org.eclipse.milo.opcua.stack.core.types.enumerated.MessageSecurityMode;
import org.eclipse.milo.opcua.stack.transport.server.tcp.OpcTcpServerTransport;
import org.eclipse.milo.opcua.stack.transport.server.tcp.OpcTcpServerTransportConfig;

/**
 * The peer's OPC UA server: a stock Milo {@link OpcUaServer} with one endpoint on loopback
 * (opc.tcp, security None, Anonymous) and the {@link VectorNamespace}; with updates, a {@link
 * VectorUpdates} replacing its vectors at a fixed rate.
 *
 * <p>As a command it prints {@code OPC UA peer: <endpoint URL> (Eclipse Milo <version>)} once it
 * serves, and runs until its standard input closes or it is stopped (SIGTERM): the benchmark starts
 * it so and reads its CPU time from {@code /proc}.
 */
public final class PeerServer implements AutoCloseable {
  /**
   * The line the command prints once it serves, followed by the endpoint URL and Milo's version.
   */
  public static final String SERVING = "OPC UA peer: ";

  static final String HOST = "127.0.0.1";
  static final String PATH = "/ie-peer";
  private static final int BIND_ATTEMPTS = 5;

  private final OpcUaServer server;
  private final VectorUpdates updates;
  private final String endpointUrl;

  private PeerServer(OpcUaServer server, VectorUpdates updates, String endpointUrl) {
    this.server = server;
    this.updates = updates;
    this.endpointUrl = endpointUrl;
  }

  /**
   * Starts a server.
   *
   * @param port the TCP port on 127.0.0.1; 0 picks a free one
   * @param lengths the vector lengths, one variable each
   * @param updatesPerSecond how often every vector is replaced; 0 keeps them fixed
   * @param minPublishingMillis the least publishing interval a subscription may ask for
   */
  public static PeerServer start(
      int port, List<Integer> lengths, double updatesPerSecond, double minPublishingMillis)
      throws IOException, InterruptedException {
    IOException failed = null;
    // A free port found here may be taken before Milo binds it: then another one is tried.
    for (int attempt = 0; attempt < (port == 0 ? BIND_ATTEMPTS : 1); attempt++) {
      int p = port == 0 ? freePort() : port;
      OpcUaServer server = new OpcUaServer(config(p, minPublishingMillis), profile -> tcp());
      VectorNamespace namespace = new VectorNamespace(server, lengths);
      namespace.startup();
      try {
        server.startup().get();
      } catch (ExecutionException e) {
        server.shutdown();
        failed = new IOException("cannot serve on " + HOST + ":" + p, e.getCause());
        continue;
      }
      VectorUpdates updates =
          updatesPerSecond > 0 ? new VectorUpdates(namespace, lengths, updatesPerSecond) : null;
      return new PeerServer(server, updates, "opc.tcp://" + HOST + ":" + p + PATH);
    }
    throw failed;
  }

  /** The endpoint URL clients connect to. */
  public String endpointUrl() {
    return endpointUrl;
  }

  /** Stops the updates, then the server. */
  @Override
  public void close() throws ExecutionException {
    if (updates != null) {
      updates.close();
    }
    try {
      server.shutdown().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static OpcUaServerConfig config(int port, double minPublishingMillis) {
    EndpointConfig endpoint =
        EndpointConfig.newBuilder()
            .setTransportProfile(TransportProfile.TCP_UASC_UABINARY)
            .setBindAddress(HOST)
            .setHostname(HOST)
            .setBindPort(port)
            .setPath(PATH)
            .setSecurityPolicy(SecurityPolicy.None)
            .setSecurityMode(MessageSecurityMode.None)
            .build();
    return OpcUaServerConfig.builder()
        .setApplicationName(LocalizedText.english("Instrument Element benchmark OPC UA peer"))
        .setApplicationUri("urn:instrumentelement:opcua-peer:server")
        .setProductUri("urn:instrumentelement:opcua-peer")
        .setEndpoints(Set.of(endpoint))
        .setCertificateManager(new DefaultCertificateManager(new MemoryCertificateQuarantine()))
        .setLimits(
            new OpcUaServerConfigLimits() {
              // Milo's default of 100 sessions is below the benchmark's larger client counts.
              @Override
              public UInteger getMaxSessions() {
                return UInteger.valueOf(10_000);
              }

              // A subscription asking for less gets Milo's default interval (250 ms), not this.
              @Override
              public Double getMinPublishingInterval() {
                return minPublishingMillis;
              }
            })
        .build();
  }

  private static OpcTcpServerTransport tcp() {
    return new OpcTcpServerTransport(OpcTcpServerTransportConfig.newBuilder().build());
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    }
  }

  /**
   * Runs a server: {@code --port} (0: a free one), {@code --lengths} (comma-separated, 2500),
   * {@code --updates-per-second} (0: fixed vectors), {@code --min-publishing-ms} (10, Milo's
   * default).
   */
  public static void main(String[] args) throws Exception {
    PeerOptions o =
        PeerOptions.parse(
            args, Set.of("port", "lengths", "updates-per-second", "min-publishing-ms"));
    PeerServer server =
        start(
            o.integer("port", 0),
            o.integers("lengths", "2500"),
            o.number("updates-per-second", 0),
            o.number("min-publishing-ms", 10));
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    server.close();
                  } catch (ExecutionException e) {
                    // stopping anyway
                  }
                }));
    System.out.println(
        SERVING + server.endpointUrl() + " (Eclipse Milo " + OpcUaServer.SDK_VERSION + ")");
    System.out.flush();
    // Runs until the benchmark closes its standard input or stops the process.
    while (System.in.read() >= 0) {
      // nothing to read: the input only says when to stop
    }
    System.exit(0);
  }
}
