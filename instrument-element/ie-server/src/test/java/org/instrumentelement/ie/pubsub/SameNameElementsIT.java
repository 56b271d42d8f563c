package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.instrumentelement.ie.Conditions;
import org.instrumentelement.ie.RunTimeCalls;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.junit.jupiter.api.Test;

/**
 * Two Instrument Elements of one name in one JVM, as tests and programs that embed them run them:
 * each publishes to its own embedded broker, and stopping one leaves the other publishing. With one
 * broker name for both, the second's publisher was refused by the first's broker, and a test that
 * stopped the second element hung in the first's shutdown (its publisher deadlocked with the broker
 * that stopped its in-JVM connection).
 */
class SameNameElementsIT {
  static final Duration WAIT = Duration.ofSeconds(60);

  @Test
  void eachPublishesToItsOwnBrokerAndOutlivesTheOther() throws Exception {
    try (RunningElement first = RunningElement.mockLab();
        AttributeSubscriber firstSub = subscriber(first)) {
      Collector fromFirst = new Collector();
      firstSub.subscribe(first.client(), "lab/array2500", "vector", fromFirst);
      fromFirst.awaitCount(5, WAIT);

      try (RunningElement second = RunningElement.mockLab();
          AttributeSubscriber secondSub = subscriber(second)) {
        assertEquals(first.runtime.config().name(), second.runtime.config().name());
        Collector fromSecond = new Collector();
        secondSub.subscribe(second.client(), "lab/array2500", "vector", fromSecond);
        fromSecond.awaitCount(5, WAIT);
        Conditions.eventually(
            WAIT, () -> second.runtime.publisher().connected(), "the second publisher connected");
        assertNotEquals(
            first.runtime.broker().brokerName(),
            second.runtime.broker().brokerName(),
            "each element's embedded broker has a name of its own in the JVM");
      }

      // The second element and its broker are gone; the first goes on as before.
      long failures = first.runtime.publisher().failures();
      int before = fromFirst.count();
      fromFirst.awaitCount(before + 20, WAIT);
      assertTrue(first.runtime.publisher().connected(), "the first publisher is still connected");
      assertEquals(
          failures,
          first.runtime.publisher().failures(),
          "the first publisher had no failed send since the second element stopped");
      assertEquals(0, fromFirst.lost, "the first element's subscriber never lost its connection");
    }
  }

  /** A subscriber to the element's broker, with its sampling of the vector at 20 ms. */
  private static AttributeSubscriber subscriber(RunningElement running) throws Exception {
    String url =
        RunTimeCalls.configureSampling(running.client(), "lab/array2500", "vector", 20)
            .getBrokerUrl();
    return AttributeSubscriber.connect(url, RunningElement.ADMIN, RunningElement.ADMIN);
  }
}
