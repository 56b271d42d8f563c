package org.instrumentelement.ie.benchmark;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.instrumentelement.ie.measure.ProcessCpu;

/**
 * The OPC UA peer the IE is compared with ({@code --peer=opcua}): the Eclipse Milo server of {@code
 * instrument-element/ie-opcua-peer} started as a process of its own on a free loopback port, as the
 * benchmark starts the IE, and measured the same way, by its CPU time from {@code /proc}. Its load
 * clients ({@link PeerLoadClient}) are processes of their own too: Milo's client never shares the
 * benchmark's JVM.
 */
final class OpcUaPeer implements AutoCloseable {
  static final String SERVER = "org.instrumentelement.ie.opcuapeer.PeerServer";
  static final String LOAD = "org.instrumentelement.ie.opcuapeer.PeerLoad";

  /** The peer's runs: just before and just after the IE's. */
  static final String BEFORE = "before";

  static final String AFTER = "after";

  /** The line the server prints once it serves, followed by its endpoint URL. */
  static final String SERVING = "OPC UA peer: ";

  private static final Duration READY_WITHIN = Duration.ofSeconds(60);

  private final Path jar;
  private final PeerProcess server;
  private final String endpointUrl;
  private final String implementation;

  private OpcUaPeer(Path jar, PeerProcess server, String serving) {
    this.jar = jar;
    this.server = server;
    // "opc.tcp://127.0.0.1:PORT/ie-peer (Eclipse Milo 1.1.2)"
    int paren = serving.indexOf(" (");
    this.endpointUrl = paren < 0 ? serving : serving.substring(0, paren);
    this.implementation =
        paren < 0 ? "Eclipse Milo" : serving.substring(paren + 2, serving.length() - 1);
  }

  /**
   * Starts the peer's server and waits until it serves.
   *
   * @param jar the peer's jar ({@code --peer-jar})
   * @param javaOptions the server JVM's options (the IE's, {@code --server-java-options})
   * @param lengths a {@code Double[N]} variable for each length
   * @param updatesPerSecond how often each vector is replaced (0: fixed, for polling)
   */
  static OpcUaPeer start(
      Path jar, List<String> javaOptions, List<Integer> lengths, int updatesPerSecond)
      throws IOException {
    PeerProcess server =
        PeerProcess.start(
            jar,
            javaOptions,
            SERVER,
            List.of(
                "--port=0",
                "--lengths="
                    + lengths.stream().map(String::valueOf).collect(Collectors.joining(",")),
                "--updates-per-second=" + updatesPerSecond));
    try {
      String line = server.nextLine(READY_WITHIN);
      if (!line.startsWith(SERVING)) {
        throw new IOException("the OPC UA peer said '" + line + "' instead of where it serves");
      }
      return new OpcUaPeer(jar, server, line.substring(SERVING.length()).trim());
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
  }

  /** The server's endpoint URL ({@code opc.tcp://127.0.0.1:PORT/ie-peer}). */
  String endpointUrl() {
    return endpointUrl;
  }

  /** The server as it names itself: {@code Eclipse Milo <version>}. */
  String implementation() {
    return implementation;
  }

  /** The server's TCP port. */
  int port() {
    return URI.create(endpointUrl).getPort();
  }

  /** The server process's CPU time. */
  ProcessCpu cpu() {
    return server.cpu();
  }

  /** A load client connecting to the server. */
  PeerLoadClient load() throws IOException {
    return PeerLoadClient.start(jar, endpointUrl);
  }

  /** A load client connecting through a relay on this port (for the bytes on the wire). */
  PeerLoadClient loadThrough(int relayPort) throws IOException {
    URI u = URI.create(endpointUrl);
    return PeerLoadClient.start(
        jar, u.getScheme() + "://" + u.getHost() + ":" + relayPort + u.getPath());
  }

  /** Stops the server. */
  @Override
  public void close() throws IOException {
    server.close();
  }
}
