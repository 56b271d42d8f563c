package org.instrumentelement.portal.trace;

import jakarta.jms.JMSException;
import jakarta.xml.ws.WebServiceException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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
 * subscription (topic and broker from the IE's {@code getSubscriptionInfo}); the last one leaving
 * closes it. An IE that becomes unreachable marks its traces so; when it returns (perhaps a new
 * process with a new broker) they are subscribed again.
 *
 * <p>Frames are built once and sent to many. The subscription's thread only stores the newest value
 * and asks for a fan-out; the frame thread takes the feed as it is then (so a value that came
 * meanwhile replaces, never queues behind, the one before), builds each frame a width bucket and a
 * format need once, and hands the same frame to every viewer, whose slot keeps only the newest (see
 * {@link Viewer}). A feed goes out at most {@code maxRate} times a second. SOAP calls (rights,
 * subscribing, time axes) run on a worker of their own, so that a slow IE never delays a frame.
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

  /** A browser that has read nothing for this long is gone or hung; a live page reconnects. */
  static final long STUCK_SECONDS = 60;

  private final ElementDirectory directory;
  private final int maxPoints;
  private final int maxRate;
  private final Map<TraceFeed.Key, TraceFeed> feeds = new ConcurrentHashMap<>();
  private final Set<Viewer> viewers = ConcurrentHashMap.newKeySet();
  private final Map<String, BrokerLink> links = new HashMap<>();
  private final ScheduledExecutorService worker = singleThread("portal-traces");
  private final ScheduledExecutorService frames = singleThread("portal-trace-frames");

  /** One IE's broker connection. */
  private record BrokerLink(String url, AttributeSubscriber subscriber) {}

  public TraceHub(ElementDirectory directory, int maxPoints, int maxRate) {
    this.directory = directory;
    this.maxPoints = maxPoints;
    this.maxRate = maxRate;
  }

  private static ScheduledExecutorService singleThread(String name) {
    return Executors.newSingleThreadScheduledExecutor(
        r -> {
          Thread t = new Thread(r, name);
          t.setDaemon(true);
          return t;
        });
  }

  /** A new viewer on {@code socket}, known to the hub until {@link #forget}. */
  Viewer connect(FrameSocket socket) {
    Viewer v = new Viewer(socket, maxPoints, this::broken);
    viewers.add(v);
    return v;
  }

  /** A send to {@code v} failed: its socket is broken, and it is forgotten and closed. */
  private void broken(Viewer v) {
    forget(v);
    CompletableFuture.runAsync(v::close);
  }

  /** Starts following the IEs' reachability, refreshing time axes and closing stuck sockets. */
  public void start() {
    directory.addListener(s -> worker.execute(() -> elementChanged(s)));
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
   * {@code viewer}, signed in as {@code who}, wants frames of an attribute: granted when the IE
   * lets that user observe it (the shared subscription uses the portal's own account, so the check
   * is made here, as the user).
   */
  void watchAs(Viewer viewer, TraceFeed.Key key, Credentials who) {
    worker.execute(
        () -> {
          RemoteElement e = directory.element(key.element());
          if (e != null && who != null) {
            try {
              e.callAs(
                  who,
                  p -> {
                    GetSubscriptionInfo q = new GetSubscriptionInfo();
                    q.setIm(key.im());
                    q.setAttribute(key.attribute());
                    return p.getSubscriptionInfo(q);
                  });
            } catch (PortalError err) {
              if (!err.code().equals(PortalError.UNREACHABLE)) {
                viewer.tell(key, Frame.text(refusal(key, err)));
                return;
              }
              // unreachable: watch anyway; the feed says so and subscribes when the IE returns
            }
          }
          watch(viewer, key);
        });
  }

  private static String refusal(TraceFeed.Key key, PortalError err) {
    com.fasterxml.jackson.databind.node.ObjectNode o =
        new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode();
    o.put("ie", key.element());
    o.put("im", key.im());
    o.put("attribute", key.attribute());
    o.put("status", err.code() + ": " + err.getMessage());
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
                  key, k -> new TraceFeed(k, new FrameThrottle(maxRate), this::changed));
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
            if (feed.viewers.remove(viewer)) {
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
    if (feed.viewers.isEmpty() && feeds.remove(feed.key, feed)) {
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
    feed.counters.countEmit();
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
      f.subscription = subscriber.subscribe(port, f.key.im(), f.key.attribute(), f);
      f.generation = generation;
      if (!f.hasValue()) {
        f.status("waiting for the first value");
      }
    } catch (InstrumentElementFault fault) {
      f.status(PortalError.of(fault).getMessage());
    } catch (WebServiceException ex) {
      f.status(PortalError.unreachable(e.name(), ex).getMessage());
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
                .withPrefetch(PREFETCH));
    links.put(element, new BrokerLink(brokerUrl, s));
    return s;
  }

  private void closeSubscription(TraceFeed f) {
    AttributeSubscriber.Subscription s = f.subscription;
    f.subscription = null;
    if (s != null) {
      try {
        s.close();
      } catch (JMSException | RuntimeException e) {
        // the connection is gone already
      }
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
