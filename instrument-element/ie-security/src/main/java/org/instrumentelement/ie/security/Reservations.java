package org.instrumentelement.ie.security;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import org.instrumentelement.ie.contract.FaultCode;
import org.instrumentelement.im.model.ImException;

/**
 * Reservations of IM subtrees. While a user holds one, nobody else may control an IM in it or
 * reserve an overlapping subtree. A reservation lapses by itself at its expiry unless renewed, so a
 * holder who disappears does not block the lab for long; an admin can break one at any time.
 */
public final class Reservations {
  /** Longest reservation granted in one call. */
  public static final Duration MAX_DURATION = Duration.ofHours(8);

  private final Clock clock;
  private final List<Reservation> held = new ArrayList<>();
  private Consumer<List<Reservation>> listener = held -> {};

  public Reservations(Clock clock) {
    this.clock = clock;
  }

  /**
   * Reserves {@code subtree} for {@code user}, or extends the user's own reservation of it.
   *
   * @throws ImException RESERVED if another user's reservation overlaps; OUT_OF_RANGE for a
   *     duration outside (0, 8 h]
   */
  public synchronized Reservation reserve(String user, String subtree, Duration duration)
      throws ImException {
    checkDuration(duration);
    lapse();
    Instant now = clock.instant();
    for (Iterator<Reservation> it = held.iterator(); it.hasNext(); ) {
      Reservation r = it.next();
      if (!r.overlaps(subtree)) {
        continue;
      }
      if (!r.holder().equals(user)) {
        throw reserved(r);
      }
      if (r.subtree().equals(subtree)) {
        it.remove(); // renewal: replaced below
      }
    }
    Reservation r = new Reservation(subtree, user, now, now.plus(duration));
    held.add(r);
    changed();
    return r;
  }

  /**
   * Extends the user's reservation of {@code subtree}.
   *
   * @throws ImException RESERVED if the user holds none there (it may have lapsed)
   */
  public synchronized Reservation renew(String user, String subtree, Duration duration)
      throws ImException {
    checkDuration(duration);
    lapse();
    for (int i = 0; i < held.size(); i++) {
      Reservation r = held.get(i);
      if (r.subtree().equals(subtree) && r.holder().equals(user)) {
        Reservation renewed =
            new Reservation(subtree, user, r.acquired(), clock.instant().plus(duration));
        held.set(i, renewed);
        changed();
        return renewed;
      }
    }
    throw new ImException(
        FaultCode.RESERVED, user + " holds no reservation of " + subtree + " (it may have lapsed)");
  }

  /** Releases the user's reservation of {@code subtree}; true if there was one. */
  public synchronized boolean release(String user, String subtree) {
    lapse();
    return changed(held.removeIf(r -> r.subtree().equals(subtree) && r.holder().equals(user)));
  }

  /** Removes whatever reservation covers exactly {@code subtree} (an admin's action). */
  public synchronized boolean breakReservation(String subtree) {
    lapse();
    return changed(held.removeIf(r -> r.subtree().equals(subtree)));
  }

  /**
   * Puts back a reservation kept from the last run (start-up only): nobody else can hold an
   * overlapping one yet.
   */
  public synchronized void restore(Reservation r) {
    held.add(r);
  }

  /**
   * Registers the one listener told of every reservation, renewal, release and break, with the
   * reservations then held, under this object's lock (so in order); lapsing is not a change.
   */
  public synchronized void onChange(Consumer<List<Reservation>> l) {
    listener = l;
  }

  /**
   * Whether {@code user} may control the IM at {@code path} as far as reservations go.
   *
   * @throws ImException RESERVED if someone else's reservation covers it
   */
  public synchronized void checkControl(String user, String path) throws ImException {
    lapse();
    for (Reservation r : held) {
      if (Grant.covers(r.subtree(), path) && !r.holder().equals(user)) {
        throw reserved(r);
      }
    }
  }

  /** The reservations in force. */
  public synchronized List<Reservation> list() {
    lapse();
    return List.copyOf(held);
  }

  private void changed() {
    listener.accept(List.copyOf(held));
  }

  private boolean changed(boolean removed) {
    if (removed) {
      changed();
    }
    return removed;
  }

  private void lapse() {
    Instant now = clock.instant();
    held.removeIf(r -> !r.expires().isAfter(now));
  }

  private static void checkDuration(Duration d) throws ImException {
    if (d.isNegative() || d.isZero() || d.compareTo(MAX_DURATION) > 0) {
      throw new ImException(
          FaultCode.OUT_OF_RANGE,
          "a reservation lasts more than 0 and at most " + MAX_DURATION + ": " + d);
    }
  }

  private static ImException reserved(Reservation r) {
    return new ImException(
        FaultCode.RESERVED,
        r.subtree() + " is reserved by " + r.holder() + " until " + r.expires());
  }
}
