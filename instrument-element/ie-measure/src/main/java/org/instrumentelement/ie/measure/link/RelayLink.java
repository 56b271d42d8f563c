package org.instrumentelement.ie.measure.link;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A shaped link made of one {@link LinkRelay} per target, all sharing the link's two directions:
 * the SOAP calls and the broker's messages compete for the same rate, as they would on one
 * wide-area link.
 */
final class RelayLink implements ShapedLink {
  /** Bytes a connection may have in flight per direction at least (a typical TCP window). */
  private static final int MIN_WINDOW = 256 * 1024;

  private final LinkShape shape;
  private final Map<InetSocketAddress, LinkRelay> relays = new LinkedHashMap<>();

  RelayLink(LinkShape shape, List<InetSocketAddress> targets) throws IOException {
    this.shape = shape;
    LinkDirection toTargets = new LinkDirection(shape);
    LinkDirection toClients = new LinkDirection(shape);
    // Twice the bandwidth-delay product, so that one connection alone can fill the link.
    long bdp = (long) (shape.bitsPerSecond() / 8.0 * shape.roundTrip().toNanos() / 1e9);
    int window = (int) Math.min(64L << 20, Math.max(MIN_WINDOW, 2 * bdp));
    try {
      for (InetSocketAddress t : targets) {
        relays.put(t, new LinkRelay(t, toTargets, toClients, window));
      }
    } catch (IOException e) {
      close();
      throw e;
    }
  }

  @Override
  public LinkShape shape() {
    return shape;
  }

  @Override
  public String mechanism() {
    return "the measurement module's TCP relay (ie-measure, LinkRelay): one queue per direction"
        + " shared by all connections";
  }

  @Override
  public InetSocketAddress clientAddress(InetSocketAddress target) {
    LinkRelay r = relays.get(target);
    if (r == null) {
      // The IE may name itself by another loopback name than the one the link was given.
      for (Map.Entry<InetSocketAddress, LinkRelay> e : relays.entrySet()) {
        if (e.getKey().getPort() == target.getPort()
            && e.getKey().getAddress().isLoopbackAddress()
            && target.getAddress() != null
            && target.getAddress().isLoopbackAddress()) {
          return e.getValue().address();
        }
      }
      return target;
    }
    return r.address();
  }

  @Override
  public void close() throws IOException {
    for (LinkRelay r : relays.values()) {
      r.close();
    }
  }
}
