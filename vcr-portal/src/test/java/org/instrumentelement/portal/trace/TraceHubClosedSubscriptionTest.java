package org.instrumentelement.portal.trace;

import static org.instrumentelement.portal.trace.TraceTesting.await;
import static org.instrumentelement.portal.trace.TraceTesting.waveform;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.xml.ws.WebServiceException;
import java.net.ConnectException;
import org.instrumentelement.ie.client.subscription.SubscriptionListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A trace's subscription after its last viewer left, without an IE: what the subscriber still
 * reports of it (a read of the current value that failed after a broker reconnect is reported for
 * every subscription that was waiting for it, closed or not) reaches no one.
 */
class TraceHubClosedSubscriptionTest {
  private static final TraceFeed.Key KEY = new TraceFeed.Key("ie", "lab/scope", "waveform");
  private static final TraceFeed.Key OTHER = new TraceFeed.Key("ie", "lab/scope", "spectrum");

  private final TraceHub hub = TraceTesting.hubWithoutElements();

  @AfterEach
  void close() {
    hub.close();
  }

  @Test
  void aFeedItsLastViewerLeftHearsNothingMoreOfItsSubscription() throws Exception {
    Viewer viewer = hub.connect(MemorySocket.taking(), () -> null);
    hub.watch(viewer, KEY);
    await(() -> hub.feed(KEY) != null, "the feed exists");
    TraceFeed feed = hub.feed(KEY);
    await(
        () -> feed.snapshot().status().startsWith("no Instrument Element named 'ie'"),
        "the hub has tried to subscribe"); // so that it changes the feed no more meanwhile
    // the listener the hub gives the subscriber when it subscribes (there is no IE here to do it)
    SubscriptionListener subscription = feed.newSubscription();
    subscription.onValue(waveform(1, 5, 100));
    subscription.onConnectionLost();
    subscription.onConnectionRestored(); // the subscriber now reads the current value again
    hub.unwatch(viewer, KEY);
    hub.watch(viewer, OTHER); // after the unwatch on the frame thread: when it is done, so is that
    await(() -> hub.feed(OTHER) != null, "the other feed exists");
    assertNull(hub.feed(KEY), "nobody watches the first any more");
    long version = feed.snapshot().version();
    subscription.onResynchronisationFailed(
        "t", new WebServiceException("Could not send Message.", new ConnectException("refused")));
    assertEquals(version, feed.snapshot().version(), "the closed feed gets no update");
    assertEquals(TraceFeed.RESYNCING, feed.snapshot().status());
  }
}
