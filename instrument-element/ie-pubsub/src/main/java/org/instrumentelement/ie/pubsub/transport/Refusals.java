package org.instrumentelement.ie.pubsub.transport;

import java.util.function.LongSupplier;
import org.instrumentelement.im.model.FreeText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The log of what the broker refused its clients: one line per refusal (protocol, operation,
 * target, user, address, reason), never a stack trace or a message body. Any account holder, and
 * for some refusals anyone, can provoke refusals at will, so at most {@link #BURST} lines are
 * written at once and {@link #PER_SECOND} a second after that; the next line written says how many
 * were left out.
 */
public final class Refusals {
  /** Lines written at once before the rate applies. */
  static final int BURST = 100;

  /** Lines a second in the long run. */
  static final int PER_SECOND = 10;

  /** Longest text of a client-chosen field (user name, destination) in a line. */
  static final int MAX_FIELD = 120;

  private static final Logger LOG = LoggerFactory.getLogger(Refusals.class);

  private final LongSupplier nanoClock;
  private double tokens = BURST;
  private long lastRefill;
  private long suppressed;

  public Refusals() {
    this(System::nanoTime);
  }

  /** With another clock (tests). */
  Refusals(LongSupplier nanoClock) {
    this.nanoClock = nanoClock;
    this.lastRefill = nanoClock.getAsLong();
  }

  /**
   * Records a refusal.
   *
   * @param protocol the client's protocol (OpenWire, STOMP, MQTT)
   * @param address the client's address and port, or null if unknown
   * @param user the user name the client logged in (or tried to log in) with, or null
   * @param operation what was refused, e.g. {@code SUBSCRIBE}
   * @param target the destination or other object of the operation, or null
   * @param reason why, in the Instrument Element's words
   */
  public void refuse(
      String protocol,
      String address,
      String user,
      String operation,
      String target,
      String reason) {
    long left;
    synchronized (this) {
      if (!take()) {
        suppressed++;
        return;
      }
      left = suppressed;
      suppressed = 0;
    }
    if (!LOG.isWarnEnabled()) {
      return;
    }
    StringBuilder line = new StringBuilder(160);
    line.append("refused ").append(protocol).append(' ').append(operation);
    if (target != null && !target.isEmpty()) {
      line.append(' ').append(clean(target));
    }
    line.append(" by ").append(user == null || user.isEmpty() ? "(no user)" : clean(user));
    line.append(" from ").append(address == null ? "(unknown)" : clean(address));
    line.append(": ").append(reason);
    if (left > 0) {
      line.append(" (").append(left).append(" earlier refusals not logged)");
    }
    LOG.warn(line.toString());
  }

  private boolean take() {
    long now = nanoClock.getAsLong();
    tokens = Math.min(BURST, tokens + (now - lastRefill) / 1e9 * PER_SECOND);
    lastRefill = now;
    if (tokens < 1) {
      return false;
    }
    tokens--;
    return true;
  }

  /**
   * A client-chosen text made safe for one log line: no control character (NEL and U+2028 included,
   * {@link FreeText}), bounded length.
   */
  static String clean(String text) {
    String t = text.length() > MAX_FIELD ? text.substring(0, MAX_FIELD) + "..." : text;
    StringBuilder b = new StringBuilder(t.length());
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      b.append(FreeText.isControl(c) || FreeText.isUnpairedSurrogate(t, i) ? '?' : c);
    }
    return b.toString();
  }

  /** An address without the scheme ActiveMQ puts before it ({@code tcp://1.2.3.4:5} ...). */
  public static String address(String remote) {
    if (remote == null) {
      return null;
    }
    int scheme = remote.indexOf("://");
    return scheme < 0 ? remote : remote.substring(scheme + 3);
  }
}
