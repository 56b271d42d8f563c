package org.instrumentelement.portal.trace;

import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.client.subscription.SubscriptionListener;

/**
 * What one subscription of a feed reports, passed on to the feed until the portal gives that
 * subscription up. The subscriber tells a subscription nothing once its close() has returned; the
 * gate closes earlier, as soon as the feed replaces or drops the subscription (which it may close
 * later, or on another thread): what it reports meanwhile concerns no one, neither a feed nobody
 * watches any more nor the feed's newer subscription. A call already passed on when the gate closes
 * finishes.
 */
final class SubscriptionGate implements SubscriptionListener {
  private final SubscriptionListener feed;
  private volatile boolean open = true;

  SubscriptionGate(SubscriptionListener feed) {
    this.feed = feed;
  }

  /** The subscription is closed: nothing more is passed on. */
  void close() {
    open = false;
  }

  @Override
  public void onValue(SampledValue value) {
    if (open) {
      feed.onValue(value);
    }
  }

  @Override
  public void onGap(String topic, long expected, long received) {
    if (open) {
      feed.onGap(topic, expected, received);
    }
  }

  @Override
  public void onRestart(String topic, long oldEpoch, long newEpoch) {
    if (open) {
      feed.onRestart(topic, oldEpoch, newEpoch);
    }
  }

  @Override
  public void onConnectionLost() {
    if (open) {
      feed.onConnectionLost();
    }
  }

  @Override
  public void onConnectionRestored() {
    if (open) {
      feed.onConnectionRestored();
    }
  }

  @Override
  public void onResynchronised(String topic, Value current) {
    if (open) {
      feed.onResynchronised(topic, current);
    }
  }

  @Override
  public void onResynchronisationFailed(String topic, Exception cause) {
    if (open) {
      feed.onResynchronisationFailed(topic, cause);
    }
  }
}
