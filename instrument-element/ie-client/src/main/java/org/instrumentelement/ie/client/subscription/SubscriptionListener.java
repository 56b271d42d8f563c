package org.instrumentelement.ie.client.subscription;

import org.instrumentelement.ie.client.soap.Value;

/**
 * Told of values and of everything that may mean values were missed. Values, gaps and restarts come
 * in order on the subscription's delivery thread (its JMS session's); the connection's notices and
 * resynchronisations on the subscriber's notice thread, shared by its subscriptions, in the order
 * they happen. No call is made under a lock that the subscription's methods or the broker
 * connection take, so a listener may wait for a thread that uses either; only a {@code close()} of
 * this subscription on another thread waits for a call in progress to return. Return quickly: a
 * slow value holds up its subscription's values, a slow notice the notices of every subscription.
 */
public interface SubscriptionListener {

  /** A new value, in sequence order. */
  void onValue(SampledValue value);

  /**
   * Values were missed: the next expected sequence number was {@code expected}, {@code received}
   * arrived. Reported, never hidden: after a broker restart, or when this subscriber was too slow
   * and the broker dropped its oldest messages.
   */
  default void onGap(String topic, long expected, long received) {}

  /** The publishing Instrument Element restarted: sequences begin again. */
  default void onRestart(String topic, long oldEpoch, long newEpoch) {}

  /** The connection to the broker was lost; the subscriber is reconnecting. */
  default void onConnectionLost() {}

  /** The connection is back. */
  default void onConnectionRestored() {}

  /**
   * After a reconnect, the current value read with getAttribute (for subscriptions made through an
   * Instrument Element port), so the client is up to date before the next change arrives.
   *
   * <p>After each reconnect such a subscription is told exactly one of this and {@link
   * #onResynchronisationFailed}, once the read's outcome is known, with two exceptions in which it
   * is told neither: the subscription was closed first (nothing is told once {@code close()} has
   * returned), or the connection was lost again before the outcome was known (nothing of it is told
   * after {@link #onConnectionLost}: the value read may be older than what the next reconnect
   * reads, and that reconnect reads again and tells).
   */
  default void onResynchronised(String topic, Value current) {}

  /**
   * After a reconnect, the current value could not be read: the Instrument Element stayed
   * unreachable or busy for {@link AttributeSubscriber.Options#resyncTimeout} (the last {@code
   * jakarta.xml.ws.WebServiceException}; {@link
   * org.instrumentelement.ie.client.InstrumentElementClient#httpStatus} tells its HTTP status, 0
   * for none), or refused the read (an {@link
   * org.instrumentelement.ie.client.soap.InstrumentElementFault} such as NOT_AUTHORIZED), or
   * answered without a value (an {@link IllegalStateException} that says so; not asked again).
   * Values keep arriving; only the value before the next change is unknown, until the next
   * reconnect reads it again. Told only when {@link #onResynchronised} would have been (see there).
   */
  default void onResynchronisationFailed(String topic, Exception cause) {}
}
