package org.instrumentelement.ial.sim;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a test may bind port 111, where VISA libraries look for the portmapper: only as root
 * (development and CI machines), and only while nothing else holds it. Checked before binding, so
 * that such tests skip with the reason instead of failing.
 */
public final class StandardPortmapperPort {
  private StandardPortmapperPort() {}

  /** {@code null} if port 111 can be bound on 127.0.0.1 now, else why not. */
  public static String unavailableBecause() {
    if (!root()) {
      return "not root: binding port "
          + InstrumentSimulator.STANDARD_PORTMAPPER_PORT
          + " needs privileges (the development and CI machines run as root)";
    }
    try (ServerSocket probe = new ServerSocket()) {
      probe.bind(
          new InetSocketAddress(
              InetAddress.getLoopbackAddress(), InstrumentSimulator.STANDARD_PORTMAPPER_PORT));
      return null;
    } catch (IOException e) {
      return "port "
          + InstrumentSimulator.STANDARD_PORTMAPPER_PORT
          + " is taken (a system portmapper such as rpcbind?): "
          + e.getMessage();
    }
  }

  private static boolean root() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("Uid:")) {
          return line.split("\\s+")[1].equals("0");
        }
      }
    } catch (IOException e) {
      // not Linux: ask the JVM
    }
    return "root".equals(System.getProperty("user.name"));
  }
}
