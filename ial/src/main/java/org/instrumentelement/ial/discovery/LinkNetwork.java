package org.instrumentelement.ial.discovery;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * An IPv4 network this host is on, through one of its addresses: where a broadcast to it goes, and
 * whether an address another host names is on it. Discovery is link-local: an answer that names an
 * address off the network it came in on is not contacted.
 */
public record LinkNetwork(Inet4Address address, int prefixLength) {

  /** The network of one of this host's addresses. */
  public static LinkNetwork of(InetAddress local) throws IOException {
    NetworkInterface nic = NetworkInterface.getByInetAddress(local);
    if (!(local instanceof Inet4Address v4) || nic == null) {
      throw new IOException(local.getHostAddress() + " is not an IPv4 address of this host");
    }
    for (InterfaceAddress ia : nic.getInterfaceAddresses()) {
      if (ia.getAddress().equals(local)) {
        return new LinkNetwork(v4, ia.getNetworkPrefixLength());
      }
    }
    return new LinkNetwork(v4, 32);
  }

  /** The networks of every IPv4 interface that is up and not loopback: where instruments are. */
  public static List<LinkNetwork> lan() throws SocketException {
    List<LinkNetwork> out = new ArrayList<>();
    for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
      if (!nic.isUp() || nic.isLoopback() || nic.isPointToPoint()) {
        continue;
      }
      for (InterfaceAddress ia : nic.getInterfaceAddresses()) {
        if (ia.getAddress() instanceof Inet4Address v4) {
          out.add(new LinkNetwork(v4, ia.getNetworkPrefixLength()));
        }
      }
    }
    return out;
  }

  private int mask() {
    return prefixLength == 0 ? 0 : -1 << (32 - prefixLength);
  }

  private static int bits(InetAddress a) {
    byte[] b = a.getAddress();
    return (b[0] & 0xff) << 24 | (b[1] & 0xff) << 16 | (b[2] & 0xff) << 8 | (b[3] & 0xff);
  }

  private static Inet4Address address(int bits) {
    try {
      return (Inet4Address)
          InetAddress.getByAddress(
              new byte[] {
                (byte) (bits >>> 24), (byte) (bits >>> 16), (byte) (bits >>> 8), (byte) bits
              });
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The directed broadcast address ({@code 192.168.1.255}, {@code 127.255.255.255}). */
  public Inet4Address broadcast() {
    return address(bits(address) | ~mask());
  }

  /** Whether {@code a} is on this network. */
  public boolean contains(InetAddress a) {
    return a instanceof Inet4Address && (bits(a) & mask()) == (bits(address) & mask());
  }

  @Override
  public String toString() {
    return address(bits(address) & mask()).getHostAddress() + "/" + prefixLength;
  }
}
