package org.instrumentelement.ie.pubsub;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.instrumentelement.ie.RunningElement;
import org.instrumentelement.ie.client.InstrumentElementClient;
import org.instrumentelement.ie.client.soap.InstrumentElementFault;
import org.instrumentelement.ie.client.soap.InstrumentElementPort;
import org.instrumentelement.ie.client.subscription.AttributeSubscriber;
import org.instrumentelement.ie.pubsub.ReadFront.Answer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * What a subscription's listener is told of the read of the current value after a broker reconnect,
 * when that read is answered late or without a value: a {@link ReadFront} between the subscriber's
 * SOAP port and the Instrument Element holds the read, or answers it, while the test closes the
 * subscription or the broker. An open subscription of the newest round is told once, the value or
 * why there is none; a closed one, or one whose connection was lost again meanwhile, is told
 * nothing of that read.
 */
class ResyncOutcomesIT {
  static final Duration WAIT = Duration.ofSeconds(60);

  @RegisterExtension static final SubscriptionLab lab = new SubscriptionLab();

  /**
   * The first subscription's read is held; it is closed, then the read is answered so (with a
   * resync time limit already run out, so a busy answer is the last try). The second subscription,
   * read next, is told; the closed one hears nothing.
   */
  @ParameterizedTest
  @EnumSource(
      value = Answer.class,
      names = {"FORWARD", "SERVER_BUSY", "NOT_AUTHORIZED"})
  void aSubscriptionClosedWhileItsReadIsAnsweredHearsNothingOfIt(Answer answer) throws Exception {
    AttributeSubscriber.Options options =
        AttributeSubscriber.Options.DEFAULTS
            .withCredentials(RunningElement.ADMIN, RunningElement.ADMIN)
            .withResyncTimeout(Duration.ofMillis(1));
    try (ReadFront front = ReadFront.before(lab.running().url());
        AttributeSubscriber sub = AttributeSubscriber.connect(lab.brokerUrl(), options)) {
      InstrumentElementPort ie = adminThrough(front);
      Collector closing = new Collector();
      Collector open = new Collector();
      AttributeSubscriber.Subscription first =
          sub.subscribe(ie, "lab/array2500", "vector", closing);
      sub.subscribe(ie, "lab/array2500", "vector", open);
      front.answer(Answer.HOLD);
      lab.restartBroker(open, 1, WAIT);
      Collector.eventually(() -> front.held() == 1, WAIT, "the first read to be held");
      first.close();
      front.answer(answer);
      front.release(answer);

      open.await(
          () -> !open.resynchronised.isEmpty() || !open.resynchronisationsFailed.isEmpty(),
          WAIT,
          "the open subscription to be told");
      synchronized (open) {
        if (answer == Answer.FORWARD) {
          assertEquals(1, open.resynchronised.size());
          assertEquals(2500, InstrumentElementClient.vector(open.resynchronised.get(0)).length);
        } else {
          assertEquals(1, open.resynchronisationsFailed.size(), "" + open.resynchronisationsFailed);
          Exception cause = open.resynchronisationsFailed.get(0);
          if (answer == Answer.SERVER_BUSY) {
            assertEquals(503, InstrumentElementClient.httpStatus(cause), "" + cause);
          } else {
            InstrumentElementFault f = assertInstanceOf(InstrumentElementFault.class, cause);
            assertEquals("NOT_AUTHORIZED", f.getFaultInfo().getCode());
          }
        }
      }
      // The closed subscription's read was answered before the open one's was made.
      assertEquals(2, front.reads());
      synchronized (closing) {
        assertTrue(closing.resynchronised.isEmpty(), "closed, told " + closing.resynchronised);
        assertTrue(
            closing.resynchronisationsFailed.isEmpty(),
            "closed, told " + closing.resynchronisationsFailed);
      }
    }
  }

  /**
   * The read of the first reconnect is held while the broker goes away and comes back; it then
   * answers with a value, older than what the second reconnect reads: only the second reconnect's
   * outcome (here a refusal, to tell the two apart) is told.
   */
  @Test
  void aReadAnsweredAfterTheConnectionWasLostAgainIsNotTold() throws Exception {
    try (ReadFront front = ReadFront.before(lab.running().url());
        AttributeSubscriber sub =
            AttributeSubscriber.connect(
                lab.brokerUrl(), RunningElement.ADMIN, RunningElement.ADMIN)) {
      InstrumentElementPort ie = adminThrough(front);
      Collector c = new Collector();
      sub.subscribe(ie, "lab/array2500", "vector", c);
      front.answer(Answer.HOLD);
      lab.restartBroker(c, 1, WAIT);
      Collector.eventually(() -> front.held() == 1, WAIT, "the first reconnect's read held");
      lab.restartBroker(c, 2, WAIT);
      front.answer(Answer.NOT_AUTHORIZED);
      front.release(Answer.FORWARD);

      c.await(() -> !c.resynchronisationsFailed.isEmpty(), WAIT, "the second reconnect's outcome");
      synchronized (c) {
        assertTrue(c.resynchronised.isEmpty(), "a stale value was told: " + c.resynchronised);
        assertEquals(1, c.resynchronisationsFailed.size(), "" + c.resynchronisationsFailed);
        InstrumentElementFault f =
            assertInstanceOf(InstrumentElementFault.class, c.resynchronisationsFailed.get(0));
        assertEquals("NOT_AUTHORIZED", f.getFaultInfo().getCode());
      }
      assertEquals(2, front.reads(), "one read for each reconnect");
    }
  }

  /** An answer without a value is told as a failed resynchronisation that says so. */
  @Test
  void aReadAnsweredWithoutAValueIsToldAsFailed() throws Exception {
    try (ReadFront front = ReadFront.before(lab.running().url());
        AttributeSubscriber sub =
            AttributeSubscriber.connect(
                lab.brokerUrl(), RunningElement.ADMIN, RunningElement.ADMIN)) {
      InstrumentElementPort ie = adminThrough(front);
      Collector c = new Collector();
      AttributeSubscriber.Subscription s = sub.subscribe(ie, "lab/array2500", "vector", c);
      front.answer(Answer.NO_VALUE);
      lab.restartBroker(c, 1, WAIT);

      c.await(
          () -> !c.resynchronised.isEmpty() || !c.resynchronisationsFailed.isEmpty(),
          WAIT,
          "the read without a value to be told");
      synchronized (c) {
        assertTrue(c.resynchronised.isEmpty(), "" + c.resynchronised);
        assertEquals(1, c.resynchronisationsFailed.size());
        Exception cause = c.resynchronisationsFailed.get(0);
        assertInstanceOf(IllegalStateException.class, cause);
        assertTrue(cause.getMessage().contains("without a value"), cause.getMessage());
      }
      assertEquals(1, front.reads(), "an answer without a value is not asked again");
      assertEquals(1, s.resyncFailures());
    }
  }

  /** The lab's IE, as its administrator, through the front that answers the reads. */
  private static InstrumentElementPort adminThrough(ReadFront front) {
    return InstrumentElementClient.connect(front.url(), RunningElement.ADMIN, RunningElement.ADMIN);
  }
}
