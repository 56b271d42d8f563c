package org.instrumentelement.ie.measure.link;

import java.io.Closeable;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;

/**
 * A shaped wide-area link between the measuring clients and an Instrument Element's ports: the
 * kernel's {@code tc netem} where it has it ({@link NetemLink}), otherwise the measurement module's
 * own delaying, rate-limiting TCP relay ({@link RelayLink}). Clients reach each target at {@link
 * #clientAddress}; {@link #clientUrl} rewrites a URL the IE gave out (its SOAP endpoint, its
 * broker's {@code tcp://} URL) to go through the link.
 */
public interface ShapedLink extends Closeable {
  /** How to shape: {@code netem} when the kernel can, else the relay; or one of them only. */
  enum Via {
    AUTO,
    NETEM,
    RELAY;

    /** Reads {@code auto}, {@code netem} or {@code relay}. */
    public static Via of(String text) {
      try {
        return valueOf(text.trim().toUpperCase(java.util.Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "a link is made via auto, netem or relay, not '" + text + "'", e);
      }
    }
  }

  /**
   * Puts a link of this shape in front of these loopback targets (the IE's HTTP port, its broker's
   * port): with {@code AUTO}, {@code tc netem} when adding its queueing discipline to {@code lo}
   * works here, else the relay.
   *
   * @throws IOException when {@code NETEM} was asked and {@code tc} refused, or a relay could not
   *     listen
   */
  static ShapedLink open(LinkShape shape, List<InetSocketAddress> targets, Via via)
      throws IOException {
    if (via != Via.RELAY) {
      NetemLink netem = NetemLink.tryOpen(shape, targets);
      if (netem != null) {
        return netem;
      }
      if (via == Via.NETEM) {
        throw new IOException(
            "tc netem is not available here (" + NetemLink.lastRefusal() + "); use the relay");
      }
    }
    return new RelayLink(shape, targets);
  }

  /** The shape asked for. */
  LinkShape shape();

  /** What shapes the link, in a few words for a report. */
  String mechanism();

  /** Where a client connects to reach {@code target} through the link. */
  InetSocketAddress clientAddress(InetSocketAddress target);

  /**
   * The URL with its host and port replaced by the link's address for them, when they are one of
   * its targets; other URLs unchanged. Keeps scheme, path and query ({@code tcp://h:p?x=y} too).
   */
  default String clientUrl(String url) {
    try {
      URI u = new URI(url);
      if (u.getHost() == null || u.getPort() < 0) {
        return url;
      }
      InetSocketAddress target = new InetSocketAddress(u.getHost(), u.getPort());
      InetSocketAddress through = clientAddress(target);
      if (through.equals(target)) {
        return url;
      }
      return new URI(
              u.getScheme(),
              u.getUserInfo(),
              through.getAddress().getHostAddress(),
              through.getPort(),
              u.getPath(),
              u.getQuery(),
              u.getFragment())
          .toString();
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("not a URL: " + url, e);
    }
  }
}
