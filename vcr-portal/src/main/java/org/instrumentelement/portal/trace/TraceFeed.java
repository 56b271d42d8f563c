package org.instrumentelement.portal.trace;

import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.client.subscription.SubscriptionListener;
import org.instrumentelement.ie.contract.BodyType;
import org.instrumentelement.portal.ie.PortalError;

/**
 * One subscribed attribute of one IE, shared by every browser watching it: the newest value, the
 * sequence bookkeeping an operator needs (gaps, values missed, IE restarts), the update rate and
 * the x axis (time, when the IM tells its sample spacing).
 */
final class TraceFeed implements SubscriptionListener {
  /** Identifies a feed: IE name, IM path, attribute. */
  static final class Key {
    private final String element;
    private final String im;
    private final String attribute;
    private final int hash;

    Key(String element, String im, String attribute) {
      this.element = element;
      this.im = im;
      this.attribute = attribute;
      this.hash = Objects.hash(element, im, attribute);
    }

    String element() {
      return element;
    }

    String im() {
      return im;
    }

    String attribute() {
      return attribute;
    }

    String id() {
      return element + "|" + im + "|" + attribute;
    }

    // Looked up once per frame and viewer: the hash is kept, and the feed's own key is the same
    // object as the viewer's slot key, so equals mostly ends at the identity check.
    @Override
    public boolean equals(Object o) {
      return o == this
          || (o instanceof Key k
              && hash == k.hash
              && element.equals(k.element)
              && im.equals(k.im)
              && attribute.equals(k.attribute));
    }

    @Override
    public int hashCode() {
      return hash;
    }

    @Override
    public String toString() {
      return id();
    }
  }

  /** The status after a broker reconnect until the current value is read again or a value comes. */
  static final String RESYNCING =
      "resyncing: the broker reconnected, the current value is being read again";

  final Key key;

  /** Its viewers; changed on the frame thread only, read on every fan-out. */
  final CopyOnWriteArrayList<Viewer> viewers = new CopyOnWriteArrayList<>();

  /**
   * Viewers held: their right to observe could not be confirmed lately (the IE busy or away), so
   * they get no frames until it is; they keep the feed (and its counts) alive meanwhile. Changed on
   * the frame thread only.
   */
  final CopyOnWriteArrayList<Viewer> suspended = new CopyOnWriteArrayList<>();

  final FrameCounters counters = new FrameCounters();
  private final RateMeter rate = new RateMeter(5_000_000_000L, 256);

  private double[] values;

  /** The codes of {@link #values} when they came as codes, else null. */
  private TraceCodes codes;

  private Double scalar;
  private String text;
  private String units = "";
  private String quality;
  private long acquiredMicros;
  private long version;
  private long valuesReceived;
  private long sequence;
  private long gaps;
  private long missed;
  private long restarts;
  private String status = "subscribing";

  /**
   * Whether no value has come since the broker connection was last lost: until one comes (or the
   * current value is read again), the value shown may be out of date.
   */
  private boolean unconfirmed;

  /**
   * Whether the broker connection is lost now: an answer to a read of the current value made before
   * it was lost again does not make the trace live.
   */
  private boolean disconnected;

  /** Passes the current subscription's reports on to this feed; null while it has none. */
  private SubscriptionGate gate;

  /** Sample spacing and first sample's position when the IM tells them (else index). */
  private double x0;

  private double dx = 1;
  private String xUnits = "";
  private boolean timeAxis;

  final AtomicBoolean subscribeRequested = new AtomicBoolean();
  AttributeSubscriber.Subscription subscription;

  /** The portal's port to the IE that the subscription reads its resyncs through. */
  InstrumentElementPort port;

  long generation = -1;

  /** Whether a fan-out of this feed is queued; it will take the feed as it is then. */
  final AtomicBoolean emitQueued = new AtomicBoolean();

  /** Bounds this feed's frames per second (see {@link TraceHub}). */
  final FrameThrottle throttle;

  /** The frames of the last snapshot sent out, for viewers who join; the frame thread's only. */
  FrameSet current;

  private long epoch;
  private boolean resubscribed;

  /** Called after every change that browsers should see. */
  private final Consumer<TraceFeed> changed;

  /** Says, in the portal's words, why the IE did not give the current value. */
  private final Function<Exception, PortalError> explain;

  /**
   * @param explain why a read of the current value failed, in the portal's words, from what the
   *     subscriber reported ({@link #onResynchronisationFailed})
   */
  TraceFeed(
      Key key,
      FrameThrottle throttle,
      Consumer<TraceFeed> changed,
      Function<Exception, PortalError> explain) {
    this.key = key;
    this.throttle = throttle;
    this.changed = changed;
    this.explain = explain;
  }

  @Override
  public void onValue(SampledValue v) {
    synchronized (this) {
      if (v.epoch() == epoch && v.sequence() <= sequence) {
        return; // the broker's last image of a value already shown
      }
      if (resubscribed && v.epoch() == epoch && v.sequence() > sequence + 1) {
        // values published while this feed was resubscribing
        gaps++;
        missed += v.sequence() - sequence - 1;
      }
      resubscribed = false;
      if (epoch != 0 && v.epoch() != epoch) {
        restarts++; // a new IE process: its sequences start again
      }
      BodyType type = v.bodyType();
      if (v.hasCodes()) {
        values = v.doubles(); // code * scale + offset: the IE's doubles to the bit
        codes = TraceCodes.of(v);
      } else if (type == BodyType.DOUBLE_ARRAY) {
        values = v.doubles();
        codes = null;
      } else if (type == BodyType.DOUBLE) {
        scalar = v.asDouble();
      } else if (type == BodyType.INTEGER) {
        scalar = (double) v.asLong();
      } else {
        text = type == BodyType.BOOLEAN ? Boolean.toString(v.asBoolean()) : v.asString();
      }
      units = v.units() == null ? "" : v.units();
      quality = v.quality();
      acquiredMicros = micros(v.acquired());
      epoch = v.epoch();
      sequence = v.sequence();
      status = "live";
      unconfirmed = false;
      // Values may come on the restored connection before it is reported restored: this one is
      // current (values the subscriber held when the connection was lost are dropped with it).
      disconnected = false;
      version++;
      valuesReceived++;
      rate.mark(System.nanoTime());
    }
    changed.accept(this);
  }

  @Override
  public void onGap(String topic, long expected, long received) {
    synchronized (this) {
      gaps++;
      missed += received - expected;
    }
  }

  @Override
  public void onRestart(String topic, long previousEpoch, long newEpoch) {
    // counted in onValue, which also sees restarts across resubscriptions
  }

  @Override
  public void onConnectionLost() {
    synchronized (this) {
      unconfirmed = true;
      disconnected = true;
    }
    status("broker connection lost, reconnecting");
  }

  /**
   * The connection is back, but the value shown is not yet known to be current: the subscriber now
   * reads it again, and until that read answers (or a new value comes) the trace says so rather
   * than "live".
   */
  @Override
  public void onConnectionRestored() {
    synchronized (this) {
      disconnected = false;
      if (!unconfirmed) {
        return; // a value came since the reconnect: the trace is live already
      }
      status = RESYNCING;
      version++;
    }
    changed.accept(this);
  }

  /**
   * The current value, read again after a reconnect: the trace is live. (The client library tells
   * no answer of a read that the connection was lost again during; should one come after a loss all
   * the same, it updates the value but not the status, and the next reconnect reads it again.)
   */
  @Override
  public void onResynchronised(String topic, Value current) {
    synchronized (this) {
      if (current.getData() != null || !current.getDoubles().isEmpty()) {
        values = InstrumentElementClient.vector(current);
        codes = TraceCodes.of(current); // read in CODES when the feed takes the codes topic
      } else if (current.getDoubleValue() != null) {
        scalar = current.getDoubleValue();
      }
      if (!disconnected) {
        status = "live";
        unconfirmed = false;
      }
      version++;
    }
    changed.accept(this);
  }

  /**
   * The current value could not be read after the broker connection came back (the IE busy or away
   * for the subscriber's {@code resyncTimeout}, or refusing): unless a value has come since, the
   * one shown may be out of date, and the trace says so until the next value comes.
   */
  @Override
  public void onResynchronisationFailed(String topic, Exception cause) {
    String why = explain.apply(cause).briefly();
    synchronized (this) {
      if (!unconfirmed || disconnected) {
        return; // a value came meanwhile, or the connection is lost again and says so
      }
      status =
          "may be out of date: the current value could not be read after the broker reconnected ("
              + why
              + "); the next value will replace it";
      version++;
    }
    changed.accept(this);
  }

  /** A new subscription replaces the old one: the next value may show values missed meanwhile. */
  synchronized void resubscribed() {
    resubscribed = sequence > 0;
  }

  /**
   * The listener for a new subscription of this feed: it passes on what that subscription reports
   * until {@link #unsubscribed} or the next new subscription; the subscription before is heard no
   * more.
   */
  synchronized SubscriptionListener newSubscription() {
    if (gate != null) {
      gate.close();
    }
    disconnected = false; // made over a connection that is up; the old one's loss is not its own
    gate = new SubscriptionGate(this);
    return gate;
  }

  /**
   * The feed's subscription is closed, or about to be: what the subscriber still reports of it (a
   * failed read of the current value, say) is not passed on.
   */
  synchronized void unsubscribed() {
    if (gate != null) {
      gate.close();
      gate = null;
    }
  }

  /** Sets the status shown beside the trace and tells browsers. */
  void status(String s) {
    synchronized (this) {
      status = s;
      version++;
    }
    changed.accept(this);
  }

  synchronized boolean timeAxis() {
    return timeAxis;
  }

  synchronized void timeAxis(boolean yes) {
    timeAxis = yes;
  }

  /** The x axis: sample {@code i} is at {@code origin + i * increment} {@code units}. */
  synchronized void axis(double origin, double increment, String axisUnits) {
    if (origin != x0 || increment != dx || !axisUnits.equals(xUnits)) {
      version++;
    }
    x0 = origin;
    dx = increment;
    xUnits = axisUnits;
  }

  private static long micros(Instant t) {
    return t == null ? 0 : t.getEpochSecond() * 1_000_000L + t.getNano() / 1000;
  }

  /** Whether no value has come, nor been read again, since the broker connection was lost. */
  synchronized boolean unconfirmed() {
    return unconfirmed;
  }

  /** Whether there is anything to draw yet. */
  synchronized boolean hasValue() {
    return values != null || scalar != null || text != null;
  }

  /** The feed as it is now, for frames. */
  synchronized TraceSnapshot snapshot() {
    return new TraceSnapshot(
        key,
        version,
        status,
        sequence,
        gaps,
        missed,
        restarts,
        rate.rate(System.nanoTime()),
        units,
        quality,
        acquiredMicros,
        values,
        values == null ? scalar : null,
        values == null && scalar == null ? text : null,
        x0,
        dx,
        xUnits,
        values == null ? null : codes);
  }

  /** Values received from the IE. */
  synchronized long valuesReceived() {
    return valuesReceived;
  }
}
