package org.instrumentelement.portal.trace;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import jakarta.jms.JMSException;
import jakarta.xml.ws.WebServiceException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.AttributeInfo;
import org.instrumentelement.ie.client.soap.DescribeInstrumentManager;
import org.instrumentelement.ie.client.soap.GetAttributes;
import org.instrumentelement.ie.client.soap.GetSubscriptionInfo;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.portal.auth.Credentials;
import org.instrumentelement.portal.ie.ElementDirectory;
import org.instrumentelement.portal.ie.ElementStatus;
import org.instrumentelement.portal.ie.PortalError;
import org.instrumentelement.portal.ie.RemoteElement;

/**
 * Connects browsers to subscribed attributes. The first browser watching an attribute makes the
 * subscription (topic and broker from the IE's {@code getSubscriptionInfo}; the codes topic of a
 * trace kept as the instrument's codes); the last one leaving closes it. An IE that becomes
 * unreachable marks its traces so; when it returns (perhaps a new process with a new broker) they
 * are subscribed again.
 *
 * <p>Frames are built once and sent to many. The subscription's thread only stores the newest value
 * and asks for a fan-out; the frame thread takes the feed as it is then (so a value that came
 * meanwhile replaces, never queues behind, the one before), builds each frame a width bucket and a
 * format need once, and hands the same frame to every viewer, whose slot keeps only the newest (see
 * {@link Viewer}). A feed goes out at most {@code maxRate} times a second. SOAP calls (rights,
 * subscribing, time axes) run on a worker of their own, so that a slow IE never delays a frame.
 *
 * <p>The subscription is the portal's own (its service account), so who gets its frames is decided
 * here, by asking the IE as each viewer's user, and only the IE's positive answer lets frames
 * through: a refusal, a busy IE, no answer, an unknown IE or an ended session all refuse. A
 * viewer's right is confirmed again every {@code recheckPeriod}, and whenever its IE goes away or
 * comes back: a viewer the IE no longer lets observe the trace is dropped from it and told why; one
 * whose right cannot be confirmed now (the IE busy or away) is held, gets no frames and is told
 * why, and is served again once the IE confirms its right.
 */
public final class TraceHub implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(TraceHub.class.getName());

  /** Attributes that give a vector's time axis, when its IM has them (the oscilloscope does). */
  static final String TIME_INCREMENT = "timeIncrement";

  static final String TIME_ORIGIN = "timeOrigin";

  /**
   * Values the broker may push ahead to one trace's subscription: the listener only stores the
   * newest, so a few suffice, and a stalled portal holds no more than these.
   */
  static final int PREFETCH = 20;

  /**
   * How old a value may be for the CODES poll that tells whether an attribute is a trace of codes:
   * its sampler's last read, mostly, so that asking seldom reads the instrument.
   */
  static final long CODES_PROBE_AGE_MILLIS = 10_000;

  /** A browser that has read nothing for this long is gone or hung; a live page reconnects. */
  static final long STUCK_SECONDS = 60;

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Whether a user may observe an attribute: returns only when the IE has said so; anything else is
   * thrown.
   */
  @FunctionalInterface
  interface WatchRight {
    void confirm(Credentials who, TraceFeed.Key key) throws PortalError;
  }

  private final ElementDirectory directory;
  private final WatchRight right;
  private final Duration recheckPeriod;
  private final Duration resyncTimeout;
  private final int maxPoints;
  private final int maxRate;
  private final Map<TraceFeed.Key, TraceFeed> feeds = new ConcurrentHashMap<>();
  private final Set<Viewer> viewers = ConcurrentHashMap.newKeySet();
  private final Map<String, BrokerLink> links = new HashMap<>();
  private final ScheduledExecutorService worker = singleThread("portal-traces");
  private final ScheduledExecutorService frames = singleThread("portal-trace-frames");

  /** Whose right a recheck asks about: viewers with the same account share the answer. */
  private record Account(String user, String password) {
    static final Account NONE = new Account(null, null);
  }

  /** One IE's broker connection. */
  private record BrokerLink(String url, AttributeSubscriber subscriber) {}

  /**
   * @param recheckPeriod how often each viewer's right to observe its traces is confirmed again
   * @param resyncTimeout how long a trace's current value is read again after a broker reconnect
   *     while the IE is busy or away; then the trace says it may be out of date
   */
  public TraceHub(
      ElementDirectory directory,
      int maxPoints,
      int maxRate,
      Duration recheckPeriod,
      Duration resyncTimeout) {
    this(directory, null, maxPoints, maxRate, recheckPeriod, resyncTimeout);
  }

  /**
   * @param right who may observe what; null: the IE says, asked as the viewer's user ({@link
   *     #askTheIe})
   */
  TraceHub(
      ElementDirectory directory,
      WatchRight right,
      int maxPoints,
      int maxRate,
      Duration recheckPeriod,
      Duration resyncTimeout) {
    this.directory = directory;
    this.right = right == null ? this::askTheIe : right;
    this.maxPoints = maxPoints;
    this.maxRate = maxRate;
    this.recheckPeriod = recheckPeriod;
    this.resyncTimeout = resyncTimeout;
  }

  private static ScheduledExecutorService singleThread(String name) {
    return Executors.newSingleThreadScheduledExecutor(
        r -> {
          Thread t = new Thread(r, name);
          t.setDaemon(true);
          return t;
        });
  }

  /**
   * A new viewer on {@code socket}, known to the hub until {@link #forget}.
   *
   * @param who the signed-in user, asked each time a right is checked; null once the session has
   *     ended
   */
  Viewer connect(FrameSocket socket, Supplier<Credentials> who) {
    Viewer v = new Viewer(socket, maxPoints, who, this::broken);
    viewers.add(v);
    return v;
  }

  /** A send to {@code v} failed: its socket is broken, and it is forgotten and closed. */
  private void broken(Viewer v) {
    forget(v);
    CompletableFuture.runAsync(v::close);
  }

  /**
   * Starts following the IEs' reachability, confirming viewers' rights again, refreshing time axes
   * and closing stuck sockets.
   */
  public void start() {
    directory.addListener(s -> worker.execute(() -> elementChanged(s)));
    long recheck = recheckPeriod.toMillis();
    worker.scheduleWithFixedDelay(() -> recheck(null), recheck, recheck, TimeUnit.MILLISECONDS);
    worker.scheduleWithFixedDelay(this::refreshAxes, 2, 2, TimeUnit.SECONDS);
    worker.scheduleWithFixedDelay(this::closeStuck, 10, 10, TimeUnit.SECONDS);
  }

  /**
   * Closes the sockets of browsers that have read nothing for {@link #STUCK_SECONDS}: checked here
   * every few seconds rather than with a timeout on every send, which would cost every frame.
   */
  private void closeStuck() {
    long now = System.nanoTime();
    for (Viewer v : viewers) {
      if (v.stuck(now, TimeUnit.SECONDS.toNanos(STUCK_SECONDS))) {
        forget(v);
        CompletableFuture.runAsync(v::close); // Tomcat's close waits for the stuck send
      }
    }
  }

  /**
   * {@code viewer} wants frames of an attribute: granted only when the IE confirms, asked as the
   * viewer's user, that they may observe it (the shared subscription uses the portal's own account,
   * so the check is made here). Anything but that confirmation refuses, and the viewer is told why;
   * a viewer that was watching the attribute already stops.
   */
  void watchAs(Viewer viewer, TraceFeed.Key key) {
    worker.execute(
        () -> {
          try {
            right.confirm(viewer.who(), key);
          } catch (PortalError err) {
            frames.execute(() -> deny(viewer, key, err));
            return;
          }
          watch(viewer, key);
        });
  }

  /**
   * The IE's word, asked as {@code who}: its subscription information for the attribute, which it
   * gives only to those who may observe the IM. An IE whose last poll failed is not asked: its
   * viewers are refused until it answers again (an IE that hangs would hold the worker for every
   * viewer).
   */
  private void askTheIe(Credentials who, TraceFeed.Key key) throws PortalError {
    if (who == null) {
      throw new PortalError(PortalError.SIGN_IN, "signed out: sign in again", null, 401);
    }
    RemoteElement e = directory.element(key.element());
    if (e == null) {
      throw new PortalError(
          "UNKNOWN_IE", "no Instrument Element named '" + key.element() + "'", null, 404);
    }
    ElementStatus status = e.status();
    if (status.checked() != null && !status.reachable()) {
      PortalError why = e.lastPollError();
      throw why != null ? why : PortalError.unreachable(e.name(), status.error());
    }
    e.callAs(
        who,
        p -> {
          GetSubscriptionInfo q = new GetSubscriptionInfo();
          q.setIm(key.im());
          q.setAttribute(key.attribute());
          return p.getSubscriptionInfo(q);
        });
  }

  /**
   * Confirms again the right of every viewer of every feed (of IE {@code element} only, unless
   * null), once per user and feed; on the worker. Viewers confirmed are served (again), viewers
   * refused are dropped from the feed, viewers whose right cannot be confirmed now are held.
   */
  private void recheck(String element) {
    Map<String, PortalError> away = new HashMap<>();
    for (TraceFeed f : feeds.values()) {
      if (element != null && !f.key.element().equals(element)) {
        continue;
      }
      Map<Account, List<Viewer>> byUser = new LinkedHashMap<>();
      Map<Account, Credentials> asked = new HashMap<>();
      List<Viewer> all = new ArrayList<>(f.viewers);
      all.addAll(f.suspended);
      for (Viewer v : all) {
        Credentials who = v.who();
        // One question per user and password, not per browser; the session may have ended.
        Account account = who == null ? Account.NONE : new Account(who.user(), who.password());
        byUser.computeIfAbsent(account, k -> new ArrayList<>()).add(v);
        asked.putIfAbsent(account, who);
      }
      for (Map.Entry<Account, List<Viewer>> group : byUser.entrySet()) {
        PortalError verdict = away.get(f.key.element());
        if (verdict == null) {
          try {
            right.confirm(asked.get(group.getKey()), f.key);
          } catch (PortalError err) {
            verdict = err;
            if (err.code().equals(PortalError.UNREACHABLE)) {
              // the others' answers would not come either: held alike, without waiting again
              away.put(f.key.element(), err);
            }
          }
        }
        PortalError decided = verdict;
        List<Viewer> viewers = group.getValue();
        frames.execute(() -> settle(f, viewers, decided));
      }
    }
  }

  /** Applies one answer about {@code viewers} of {@code feed}; on the frame thread. */
  private void settle(TraceFeed feed, List<Viewer> viewers, PortalError verdict) {
    for (Viewer v : viewers) {
      if (verdict == null) {
        resume(feed, v);
      } else if (verdict.passing()) {
        hold(feed, v, verdict);
      } else if (feed.viewers.contains(v) || feed.suspended.contains(v)) {
        deny(v, feed.key, verdict); // (one that stopped watching meanwhile is not told)
      }
    }
  }

  /** {@code v} may not have frames of {@code key}: dropped from its feed, and told why. */
  private void deny(Viewer v, TraceFeed.Key key, PortalError why) {
    TraceFeed feed = feeds.get(key);
    if (feed != null) {
      feed.viewers.remove(v);
      feed.suspended.remove(v);
      dropIfUnwatched(feed);
    }
    v.drop(key); // a frame waiting for it goes too
    v.tell(key, Frame.text(notice(key, why, false)));
  }

  /**
   * {@code v}'s right cannot be confirmed now: it gets no frames until it is, but stays with the
   * feed (which keeps its count of gaps and restarts), and is told why.
   */
  private void hold(TraceFeed feed, Viewer v, PortalError why) {
    if (feeds.get(feed.key) != feed) {
      return;
    }
    boolean wasServed = feed.viewers.remove(v);
    if (wasServed || feed.suspended.contains(v)) {
      feed.suspended.addIfAbsent(v);
      v.drop(feed.key);
      v.tell(feed.key, Frame.text(notice(feed.key, why, true)));
    }
  }

  /** {@code v}'s right is confirmed: a held viewer is served again, from the current frame. */
  private void resume(TraceFeed feed, Viewer v) {
    if (feeds.get(feed.key) == feed && viewers.contains(v) && feed.suspended.remove(v)) {
      feed.viewers.addIfAbsent(v);
      if (feed.current == null) {
        feed.current = new FrameSet(feed.snapshot(), feed.counters);
      }
      v.offer(feed.key, feed.current.frame(v.format(), v.points()));
    }
  }

  /**
   * What a viewer refused or held is told, as a JSON message about the trace: {@code status} says
   * why, {@code refused} the code, {@code retry} whether asking again later may succeed (the IE was
   * busy or away), {@code held} whether the portal will serve it again by itself once the IE
   * confirms its right.
   */
  private static String notice(TraceFeed.Key key, PortalError err, boolean held) {
    ObjectNode o = JSON.createObjectNode();
    o.put("ie", key.element());
    o.put("im", key.im());
    o.put("attribute", key.attribute());
    o.put(
        "status",
        err.code()
            + ": "
            + err.getMessage()
            + (held ? " (no frames until the IE confirms that you may observe this)" : ""));
    o.put("refused", err.code());
    o.put("retry", err.passing() && !held);
    o.put("held", held);
    return o.toString();
  }

  /**
   * {@code viewer} wants frames of an attribute: it gets the feed's current frame at once. Who
   * watches what changes on the frame thread only, so a feed is never dropped while a viewer joins.
   */
  void watch(Viewer viewer, TraceFeed.Key key) {
    frames.execute(
        () -> {
          if (!viewers.contains(viewer)) {
            return; // gone while its rights were checked
          }
          TraceFeed feed =
              feeds.computeIfAbsent(
                  key,
                  k ->
                      new TraceFeed(
                          k, new FrameThrottle(maxRate), this::changed, c -> explain(k, c)));
          feed.suspended.remove(viewer);
          feed.viewers.addIfAbsent(viewer);
          if (feed.subscribeRequested.compareAndSet(false, true)) {
            // after the feed is in the map: subscribe() skips feeds nobody watches any more
            worker.execute(() -> subscribe(feed));
          }
          if (feed.current == null) {
            feed.current = new FrameSet(feed.snapshot(), feed.counters);
          }
          viewer.offer(key, feed.current.frame(viewer.format(), viewer.points()));
        });
  }

  /** {@code viewer} no longer wants frames of an attribute. */
  void unwatch(Viewer viewer, TraceFeed.Key key) {
    frames.execute(
        () -> {
          viewer.drop(key);
          TraceFeed feed = feeds.get(key);
          if (feed != null) {
            feed.viewers.remove(viewer);
            feed.suspended.remove(viewer);
            dropIfUnwatched(feed);
          }
        });
  }

  /** {@code viewer} has gone. */
  void forget(Viewer viewer) {
    if (!viewers.remove(viewer)) {
      return;
    }
    frames.execute(
        () -> {
          for (TraceFeed feed : feeds.values()) {
            if (feed.viewers.remove(viewer) | feed.suspended.remove(viewer)) {
              dropIfUnwatched(feed);
            }
          }
        });
  }

  /**
   * Settings of an IM changed through the portal: its time axes are read again now rather than at
   * the next periodic refresh.
   */
  public void imChanged(String element, String im) {
    worker.execute(
        () -> {
          for (TraceFeed f : feeds.values()) {
            if (f.key.element().equals(element) && f.key.im().equals(im)) {
              readAxis(f);
            }
          }
        });
  }

  private void dropIfUnwatched(TraceFeed feed) {
    if (feed.viewers.isEmpty() && feed.suspended.isEmpty() && feeds.remove(feed.key, feed)) {
      feed.unsubscribed(); // now: the worker that closes it may be waiting for an IE
      worker.execute(() -> closeSubscription(feed));
    }
  }

  /**
   * Called on the subscription's thread after a change: queues one fan-out of the feed (unless one
   * is queued already, which will take this change too), now or when the throttle allows.
   */
  private void changed(TraceFeed feed) {
    if (!feed.emitQueued.compareAndSet(false, true)) {
      return;
    }
    long wait = feed.throttle.reserve(System.nanoTime());
    try {
      if (wait == 0) {
        frames.execute(() -> emit(feed));
      } else {
        frames.schedule(() -> emit(feed), wait, TimeUnit.NANOSECONDS);
      }
    } catch (RejectedExecutionException closed) {
      // the portal is stopping
    }
  }

  /** Sends the feed as it is now to its viewers; on the frame thread. */
  private void emit(TraceFeed feed) {
    feed.emitQueued.set(false); // a change from now on queues the next fan-out
    FrameSet set = new FrameSet(feed.snapshot(), feed.counters);
    feed.current = set;
    feed.counters.countEmit(); // before its frames are built: TraceStatistics relies on it
    for (Viewer v : feed.viewers) {
      v.offer(feed.key, set.frame(v.format(), v.points()));
    }
  }

  /** The feed of a watched attribute, or null. */
  TraceFeed feed(TraceFeed.Key key) {
    return feeds.get(key);
  }

  /** What the live traces cost and how the viewers keep up, now. */
  public TraceStatistics statistics() {
    return TraceStatistics.of(viewers, feeds.values());
  }

  private void elementChanged(ElementStatus s) {
    for (TraceFeed f : feeds.values()) {
      if (!f.key.element().equals(s.name())) {
        continue;
      }
      if (s.reachable()) {
        if (f.generation != s.generation() || f.subscription == null) {
          subscribe(f);
        }
      } else {
        f.status("IE unreachable: " + s.error());
      }
    }
    // Its viewers' rights are decided anew: held while it is away, served again once it answers.
    recheck(s.name());
  }

  /** Subscribes {@code f} (again); runs on the worker. */
  private void subscribe(TraceFeed f) {
    if (!feeds.containsKey(f.key)) {
      return; // nobody watches it any more
    }
    RemoteElement e = directory.element(f.key.element());
    if (e == null) {
      f.status("no Instrument Element named '" + f.key.element() + "'");
      return;
    }
    ElementStatus status = e.status().checked() == null ? e.refresh() : e.status();
    if (!status.reachable()) {
      f.status("IE unreachable: " + status.error());
      return; // subscribed when it returns
    }
    long generation = status.generation();
    closeSubscription(f);
    try {
      InstrumentElementPort port = e.newPort();
      f.port = port; // kept for the subscription's resync reads, closed with it
      DescribeInstrumentManager d = new DescribeInstrumentManager();
      d.setIm(f.key.im());
      List<AttributeInfo> attributes =
          port.describeInstrumentManager(d).getDescription().getAttribute();
      f.timeAxis(
          attributes.stream().anyMatch(a -> a.getName().equals(TIME_INCREMENT))
              && attributes.stream().anyMatch(a -> a.getName().equals(TIME_ORIGIN)));
      GetSubscriptionInfo q = new GetSubscriptionInfo();
      q.setIm(f.key.im());
      q.setAttribute(f.key.attribute());
      String brokerUrl = port.getSubscriptionInfo(q).getSubscription().getBrokerUrl();
      readAxis(f); // before the first value, so that its frame has the axis
      AttributeSubscriber subscriber = subscriber(e, brokerUrl);
      f.resubscribed();
      // A trace kept as the instrument's codes comes from its codes topic: a quarter or an eighth
      // of the doubles from the broker, and binary frames of codes (BinaryFrameEncoder).
      f.subscription =
          subscriber.subscribeCodes(
              port, f.key.im(), f.key.attribute(), CODES_PROBE_AGE_MILLIS, f.newSubscription());
      f.generation = generation;
      if (!f.hasValue()) {
        f.status("waiting for the first value");
      } else if (f.unconfirmed()) {
        // the old subscription's read of the current value is no longer heard; a new one reads none
        f.status(
            "may be out of date: subscribed again after the broker connection was lost;"
                + " the next value will replace it");
      }
    } catch (InstrumentElementFault fault) {
      f.status(PortalError.of(fault).getMessage());
    } catch (WebServiceException ex) {
      f.status(PortalError.ofCall(e.name(), e.service().user(), e.timeout(), ex).getMessage());
    } catch (JMSException | RuntimeException ex) {
      LOG.log(System.Logger.Level.WARNING, "subscribing to " + f.key + " failed", ex);
      f.status("cannot subscribe: " + ex.getMessage());
    }
  }

  /** The IE's broker connection, made anew when the IE names another broker. */
  private AttributeSubscriber subscriber(RemoteElement e, String brokerUrl) throws JMSException {
    String element = e.name();
    BrokerLink link = links.get(element);
    if (link != null && link.url().equals(brokerUrl)) {
      return link.subscriber();
    }
    if (link != null) {
      link.subscriber().close();
    }
    // A send blocks while failover reconnects: bound it so the worker never hangs on a dead broker.
    String url =
        brokerUrl.startsWith("failover:")
            ? brokerUrl
            : "failover:("
                + brokerUrl
                + ")?initialReconnectDelay=50&maxReconnectDelay=2000&timeout=5000";
    AttributeSubscriber s =
        AttributeSubscriber.connect(
            url,
            AttributeSubscriber.Options.DEFAULTS
                .withCredentials(e.service().user(), e.service().password())
                .withTls(e.tls())
                .withPrefetch(PREFETCH)
                .withResyncTimeout(resyncTimeout));
    links.put(element, new BrokerLink(brokerUrl, s));
    return s;
  }

  /**
   * Why the IE did not give a trace's current value after a broker reconnect (read with the
   * portal's own account), in the portal's words: the IE's fault, or what became of the call.
   */
  private PortalError explain(TraceFeed.Key key, Exception cause) {
    if (cause instanceof InstrumentElementFault fault) {
      return PortalError.of(fault);
    }
    RemoteElement e = directory.element(key.element());
    if (e == null || cause == null) {
      return PortalError.unreachable(key.element(), "no answer");
    }
    return PortalError.ofCall(e.name(), e.service().user(), e.timeout(), cause);
  }

  /**
   * Closes {@code f}'s subscription; what the subscriber still reports of it (a read of the current
   * value after a reconnect that failed meanwhile) no longer reaches the feed.
   */
  private void closeSubscription(TraceFeed f) {
    f.unsubscribed();
    AttributeSubscriber.Subscription s = f.subscription;
    f.subscription = null;
    if (s != null) {
      try {
        s.close();
      } catch (JMSException | RuntimeException e) {
        // the connection is gone already
      }
    }
    InstrumentElementPort port = f.port;
    f.port = null;
    if (port != null) {
      InstrumentElementClient.close(port);
    }
  }

  private void refreshAxes() {
    for (TraceFeed f : feeds.values()) {
      readAxis(f);
    }
  }

  /** Reads the sample spacing of a vector whose IM tells it; runs on the worker. */
  private void readAxis(TraceFeed f) {
    RemoteElement e = directory.element(f.key.element());
    if (e == null || !f.timeAxis() || !e.status().reachable()) {
      return;
    }
    try {
      List<Value> v =
          e.call(
              p -> {
                GetAttributes g = new GetAttributes();
                g.setIm(f.key.im());
                g.getAttribute().add(TIME_ORIGIN);
                g.getAttribute().add(TIME_INCREMENT);
                return p.getAttributes(g).getValue();
              });
      Double origin = v.get(0).getDoubleValue();
      Double increment = v.get(1).getDoubleValue();
      if (origin != null && increment != null && increment > 0) {
        String units = v.get(1).getUnits();
        f.axis(origin, increment, units == null ? "" : units);
      }
    } catch (PortalError | RuntimeException ex) {
      // not readable in this state, or the IE is away: keep the last axis
    }
  }

  @Override
  public void close() {
    frames.shutdownNow();
    worker.shutdownNow();
    for (TraceFeed f : feeds.values()) {
      closeSubscription(f);
    }
    feeds.clear();
    synchronized (links) {
      links.values().forEach(l -> l.subscriber().close());
      links.clear();
    }
  }
}
