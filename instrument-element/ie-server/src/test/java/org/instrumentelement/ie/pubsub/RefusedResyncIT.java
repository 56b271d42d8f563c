package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.security.UsersFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A read of the current value after a reconnect that the Instrument Element refuses for good is
 * reported at once, with the IE's fault, rather than tried again until the subscriber's {@code
 * resyncTimeout}. The IE restarts with a users file in which the account the subscriber reads with
 * ({@code watcher}) may no longer observe the array: the read gets NOT_AUTHORIZED, which no retry
 * can change. Values keep arriving over the broker connection, whose account ({@code admin}) keeps
 * its right.
 */
class RefusedResyncIT {
  static final Duration WAIT = Duration.ofSeconds(60);

  /**
   * Longer than {@link #WAIT}: a refusal reported within {@code WAIT} of the reconnect was reported
   * at once, not when the retries ran out.
   */
  static final Duration RESYNC_TIMEOUT = Duration.ofMinutes(5);

  /** The array publishes often, so that values after the restart come soon. */
  static final String FAST = "--im.array2500.attribute.vector.period=50ms";

  @RegisterExtension
  static final SubscriptionLab lab = new SubscriptionLab(users("observe:*"), FAST);

  /**
   * The option naming a new users file: {@code admin} administers everything (the lab's own port
   * and the subscriber's broker account), {@code watcher} has {@code watcherGrants}; each password
   * is the user's name.
   */
  static String users(String watcherGrants) {
    try {
      Path file = RunningElement.newDataDir().resolve("users.properties");
      UsersFile.write(file, Map.of(RunningElement.ADMIN, "admin:*", "watcher", watcherGrants));
      return "--security.users=" + file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void aResyncReadRefusedForGoodIsReportedAtOnceWithTheIesFault() throws Exception {
    InstrumentElementPort watcher = lab.running().client("watcher", "watcher");
    AttributeSubscriber.Options options =
        AttributeSubscriber.Options.DEFAULTS
            .withCredentials(RunningElement.ADMIN, RunningElement.ADMIN)
            .withResyncTimeout(RESYNC_TIMEOUT);
    try (AttributeSubscriber sub = AttributeSubscriber.connect(lab.brokerUrl(), options)) {
      Collector c = new Collector();
      AttributeSubscriber.Subscription s = sub.subscribe(watcher, "lab/array2500", "vector", c);
      c.awaitCount(1, WAIT);

      // watcher may still observe the scope, and no longer the array.
      lab.restart(users("observe:lab/scope"), FAST);
      c.await(() -> c.lost >= 1 && c.restored >= 1, WAIT, "the subscriber to reconnect");
      c.await(() -> !c.resynchronisationsFailed.isEmpty(), WAIT, "the refused read to be reported");
      long failures = s.resyncFailures();
      synchronized (c) {
        Exception cause = c.resynchronisationsFailed.get(0);
        InstrumentElementFault f =
            assertInstanceOf(InstrumentElementFault.class, cause, "the IE's fault: " + cause);
        assertEquals("NOT_AUTHORIZED", f.getFaultInfo().getCode());
        assertTrue(
            f.getMessage().contains("watcher may not observe lab/array2500"), f.getMessage());
        assertTrue(c.resynchronised.isEmpty(), "no value was read for watcher");
      }
      assertTrue(failures >= 1, "the refused read is counted: " + failures);

      // The subscription lives on, and the refused read is not tried again.
      int before = c.count();
      c.awaitCount(before + 3, WAIT);
      synchronized (c) {
        assertEquals(1, c.resynchronisationsFailed.size(), "" + c.resynchronisationsFailed);
        assertTrue(c.resynchronised.isEmpty());
      }
      assertEquals(failures, s.resyncFailures(), "reads after the refusal");
    }
  }
}
