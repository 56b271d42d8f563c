package org.instrumentelement.ial.discovery;

/**
 * A way into a host that something announced or answered: a port speaking one transport, and what
 * said so. Not yet an instrument: identification asks it {@code *IDN?}.
 *
 * @param port the raw socket or HiSLIP port, or for VXI-11 the portmapper's port
 * @param corePort for VXI-11, the core channel's port if the portmapper already said it, else -1
 * @param foundBy what announced it, for people ({@code portmapper broadcast}, {@code mDNS
 *     _hislip._tcp "..."})
 */
record Candidate(String host, Transport transport, int port, int corePort, String foundBy) {

  /** The LAN transports discovery knows. */
  enum Transport {
    HISLIP,
    VXI11,
    SOCKET
  }
}
