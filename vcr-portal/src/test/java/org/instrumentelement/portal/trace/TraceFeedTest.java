package org.instrumentelement.portal.trace;

import static org.instrumentelement.portal.trace.TraceTesting.waveform;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.xml.ws.WebServiceException;
import java.net.ConnectException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;
import org.instrumentelement.ie.client.soap.Value;
import org.instrumentelement.ie.client.subscription.CodeScaling;
import org.instrumentelement.ie.client.subscription.SampledValue;
import org.instrumentelement.ie.client.subscription.SubscriptionListener;
import org.instrumentelement.portal.ie.PortalError;
import org.junit.jupiter.api.Test;

class TraceFeedTest {
  private final AtomicInteger changes = new AtomicInteger();
  private final TraceFeed feed =
      new TraceFeed(
          new TraceFeed.Key("ie", "lab/scope", "waveform"),
          new FrameThrottle(20),
          f -> changes.incrementAndGet(),
          TraceFeedTest::explain);

  /** As TraceHub says why the IE did not give a value, for an IE named ie. */
  static PortalError explain(Exception cause) {
    return PortalError.ofCall("ie", "observer", Duration.ofSeconds(15), cause);
  }

  @Test
  void framesCarrySequenceGapsAndTheDecimatedVector() throws Exception {
    feed.axis(-0.005, 4e-6, "s");
    feed.onValue(waveform(1, 7, 2500));
    feed.onGap("t", 8, 11);
    feed.onValue(waveform(1, 11, 2500));
    JsonNode f = frame(600);
    assertEquals(11, f.get("seq").asLong());
    assertEquals(1, f.get("gaps").asLong());
    assertEquals(3, f.get("missed").asLong());
    assertEquals(2500, f.get("length").asInt());
    assertTrue(f.get("decimated").asBoolean());
    assertTrue(f.get("y").size() <= 600);
    assertEquals("s", f.get("xUnits").asText());
    assertEquals(-0.005, f.get("x0").asDouble());
    assertEquals(2, changes.get());
  }

  @Test
  void theBrokersLastImageOfAShownValueIsNotShownAgain() throws Exception {
    feed.onValue(waveform(1, 5, 10));
    feed.resubscribed();
    feed.onValue(waveform(1, 5, 10)); // the last image, again
    assertEquals(1, changes.get());
    feed.onValue(waveform(1, 9, 10)); // 6..8 were published while resubscribing
    JsonNode f = frame(2000);
    assertEquals(1, f.get("gaps").asLong());
    assertEquals(3, f.get("missed").asLong());
    assertFalse(f.get("decimated").asBoolean());
  }

  @Test
  void aNewEpochIsARestartNotAGapOrADuplicate() throws Exception {
    feed.onValue(waveform(1, 500, 10));
    feed.onValue(waveform(2, 1, 10));
    JsonNode f = frame(2000);
    assertEquals(1, f.get("seq").asLong());
    assertEquals(1, f.get("restarts").asLong());
    assertEquals(0, f.get("gaps").asLong());
  }

  @Test
  void aSnapshotKeepsItsValueWhenTheFeedMovesOn() throws Exception {
    feed.onValue(waveform(1, 1, 10));
    TraceSnapshot before = feed.snapshot();
    feed.onValue(waveform(1, 2, 10));
    TraceSnapshot after = feed.snapshot();
    assertEquals(1, before.seq());
    assertEquals(2, after.seq());
    assertTrue(after.version() > before.version());
    assertFalse(before.values() == after.values(), "a new value is a new array");
    assertEquals(2, feed.valuesReceived());
  }

  @Test
  void aValueNotReadAgainAfterABrokerReconnectMayBeOutOfDateUntilTheNextOne() throws Exception {
    feed.onValue(waveform(1, 5, 10));
    feed.onConnectionLost();
    assertEquals("broker connection lost, reconnecting", feed.snapshot().status());
    feed.onConnectionRestored();
    int before = changes.get();
    feed.onResynchronisationFailed(
        "t", new WebServiceException("Could not send Message.", new ConnectException("refused")));
    String told = feed.snapshot().status();
    assertTrue(told.startsWith("may be out of date: "), told);
    assertTrue(told.contains("(connection refused (is it running?))"), told);
    assertEquals(before + 1, changes.get(), "browsers are told");
    assertEquals(5, frame(2000).get("seq").asLong(), "the value shown is the one before");
    feed.onValue(waveform(1, 9, 10));
    assertEquals("live", feed.snapshot().status(), "a new value is up to date");
  }

  @Test
  void aValueThatCameAfterTheReconnectIsNotCalledOutOfDate() throws Exception {
    feed.onValue(waveform(1, 5, 10));
    feed.onConnectionLost();
    feed.onConnectionRestored();
    feed.onValue(waveform(1, 6, 10));
    feed.onResynchronisationFailed(
        "t", new WebServiceException("Could not send Message.", new ConnectException("refused")));
    assertEquals("live", feed.snapshot().status());
  }

  @Test
  void afterABrokerReconnectTheTraceIsResyncingNotLiveUntilItsValueIsReadAgain() throws Exception {
    feed.onValue(waveform(1, 5, 10));
    feed.onConnectionLost();
    int before = changes.get();
    feed.onConnectionRestored();
    assertEquals(TraceFeed.RESYNCING, feed.snapshot().status(), "not live before the read");
    assertEquals(before + 1, changes.get(), "browsers are told");
    feed.onResynchronised("t", current(0.5, 1.5, 2.5));
    assertEquals("live", feed.snapshot().status(), "the current value was read again");
    assertEquals(1.5, feed.snapshot().values()[1]);
    assertEquals(5, frame(2000).get("seq").asLong());
  }

  @Test
  void aValueThatComesBeforeTheReadAnswersMakesTheTraceLive() {
    feed.onValue(waveform(1, 5, 10));
    feed.onConnectionLost();
    feed.onConnectionRestored();
    feed.onValue(waveform(1, 6, 10));
    assertEquals("live", feed.snapshot().status());
  }

  @Test
  void aValueThatComesBeforeTheReconnectIsReportedMakesTheTraceLive() {
    feed.onValue(waveform(1, 5, 10));
    feed.onConnectionLost();
    feed.onValue(waveform(1, 6, 10)); // on the restored connection, before it is reported
    assertEquals("live", feed.snapshot().status());
    feed.onConnectionRestored();
    assertEquals("live", feed.snapshot().status(), "nothing to wait for");
    feed.onResynchronisationFailed(
        "t", new WebServiceException("Could not send Message.", new ConnectException("refused")));
    assertEquals("live", feed.snapshot().status());
  }

  @Test
  void aReadAnsweredAfterTheConnectionWasLostAgainDoesNotSayLive() {
    feed.onValue(waveform(1, 5, 10));
    feed.onConnectionLost();
    feed.onConnectionRestored();
    feed.onConnectionLost(); // while the read was on its way
    feed.onResynchronised("t", current(0.5, 1.5, 2.5));
    assertEquals("broker connection lost, reconnecting", feed.snapshot().status());
    assertEquals(1.5, feed.snapshot().values()[1], "the value read is shown");
    feed.onResynchronisationFailed(
        "t", new WebServiceException("Could not send Message.", new ConnectException("refused")));
    assertEquals("broker connection lost, reconnecting", feed.snapshot().status());
    feed.onConnectionRestored();
    assertEquals(TraceFeed.RESYNCING, feed.snapshot().status(), "read again after this reconnect");
  }

  @Test
  void aSubscriptionReplacedByANewOneTellsTheFeedNothing() {
    SubscriptionListener first = feed.newSubscription();
    first.onValue(waveform(1, 5, 10));
    first.onConnectionLost();
    first.onConnectionRestored();
    SubscriptionListener second = feed.newSubscription(); // the hub subscribed again
    TraceSnapshot before = feed.snapshot();
    int told = changes.get();
    first.onResynchronisationFailed(
        "t", new WebServiceException("Could not send Message.", new ConnectException("refused")));
    first.onResynchronised("t", current(0.5, 1.5, 2.5));
    first.onValue(waveform(1, 99, 10));
    assertEquals(told, changes.get(), "browsers are told nothing of the first subscription");
    assertEquals(before.version(), feed.snapshot().version());
    assertEquals(before.status(), feed.snapshot().status());
    assertEquals(5, feed.snapshot().seq());
    second.onValue(waveform(1, 6, 10));
    assertEquals("live", feed.snapshot().status(), "the new subscription is heard");
  }

  @Test
  void aFeedNobodyWatchesHearsNothingOfItsSubscription() {
    SubscriptionListener subscription = feed.newSubscription();
    subscription.onValue(waveform(1, 5, 10));
    subscription.onConnectionLost();
    subscription.onConnectionRestored();
    feed.unsubscribed(); // its last viewer left: the hub closes the subscription
    TraceSnapshot before = feed.snapshot();
    int told = changes.get();
    subscription.onResynchronisationFailed(
        "t", new WebServiceException("Could not send Message.", new ConnectException("refused")));
    assertEquals(told, changes.get(), "a closed feed gets no update");
    assertEquals(before.version(), feed.snapshot().version());
    assertEquals(TraceFeed.RESYNCING, feed.snapshot().status());
  }

  @Test
  void aTraceOfCodesKeepsItsCodesBesideTheirDoubles() {
    ByteBuffer b = ByteBuffer.allocate(6).order(ByteOrder.LITTLE_ENDIAN);
    b.putShort((short) -3).putShort((short) 32767).putShort((short) 12);
    Instant now = Instant.now();
    feed.onValue(
        new SampledValue(
            "ie.ie.lab.kscope.waveform.codes",
            "lab/kscope",
            "waveform",
            4,
            1,
            now,
            now,
            "INT16_CODES",
            3,
            "V",
            "GOOD",
            false,
            b.array(),
            0,
            new CodeScaling(-0.1, 0.3, 32767, null, null)));
    TraceSnapshot s = feed.snapshot();
    assertTrue(s.codes().wide());
    assertEquals(-3 * -0.1 + 0.3, s.values()[0], 0.0, "code * scale + offset, to the bit");
    assertTrue(Double.isNaN(s.values()[1]), "the NaN code");
    assertEquals(32767, s.codes().nanCode());
    feed.onValue(waveform(1, 5, 10));
    assertEquals(null, feed.snapshot().codes(), "doubles again: no codes");
  }

  /** A vector's current value as getAttribute gives it, in doubles. */
  private static Value current(double... doubles) {
    Value v = new Value();
    for (double d : doubles) {
      v.getDoubles().add(d);
    }
    return v;
  }

  private JsonNode frame(int points) throws Exception {
    TraceSnapshot s = feed.snapshot();
    return new ObjectMapper()
        .readTree(JsonFrameEncoder.encode(s, TraceDecimator.decimate(s.values(), points)).text());
  }
}
