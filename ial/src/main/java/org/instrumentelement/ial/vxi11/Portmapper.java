package org.instrumentelement.ial.vxi11;

import java.time.Duration;
import org.instrumentelement.ial.InstrumentException;
import org.instrumentelement.ial.transport.Deadline;

/** Asks a host's portmapper (RFC 1833, version 2, over TCP) which port serves an RPC program. */
public final class Portmapper {
  /** The portmapper answers at once or not at all. */
  private static final Duration GRACE = Duration.ZERO;

  private Portmapper() {}

  /**
   * The port of a host's VXI-11 core channel, from its portmapper on {@code portmapperPort}.
   *
   * @throws InstrumentException if no portmapper answers in time or none knows VXI-11
   */
  public static int vxi11CorePort(String host, int portmapperPort, Duration timeout)
      throws InstrumentException {
    return getPort(
        host,
        portmapperPort,
        Vxi11Protocol.CORE_PROGRAM,
        Vxi11Protocol.CORE_VERSION,
        Deadline.after(timeout),
        host);
  }

  /**
   * PMAPPROC_GETPORT for a TCP program.
   *
   * @throws InstrumentException if no portmapper answers or the program is not registered
   */
  static int getPort(
      String host, int portmapperPort, int program, int version, Deadline deadline, String what)
      throws InstrumentException {
    try (RpcClient rpc =
        RpcClient.connect(host, portmapperPort, deadline, what + " (portmapper)")) {
      XdrEncoder call =
          rpc.newCall(
                  Vxi11Protocol.PORTMAPPER_PROGRAM,
                  Vxi11Protocol.PORTMAPPER_VERSION,
                  Vxi11Protocol.PORTMAPPER_GETPORT)
              .putInt(program)
              .putInt(version)
              .putInt(Vxi11Protocol.IPPROTO_TCP)
              .putInt(0);
      long port = rpc.call(call, deadline, GRACE).getUnsignedInt();
      if (port == 0 || port > 65535) {
        throw new InstrumentException(
            what
                + ": the portmapper at "
                + host
                + ":"
                + portmapperPort
                + " knows no VXI-11 server");
      }
      return (int) port;
    }
  }
}
