package org.instrumentelement.jmeter.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class JmsSubscriberSamplerTest {

  @Test
  void acknowledgesAtTheLatestEverySecondUpToTheBrokersCapAndEvery100MsAbove() {
    assertEquals(1_000, JmsSubscriberSampler.ackIntervalMillis(1));
    assertEquals(1_000, JmsSubscriberSampler.ackIntervalMillis(1_000));
    assertEquals(100, JmsSubscriberSampler.ackIntervalMillis(1_001));
    // The client's default (32,767), which the broker lowers to the topic's prefetch.
    assertEquals(100, JmsSubscriberSampler.ackIntervalMillis(null));
  }

  @Test
  void acknowledgesInBatchesUnlessAskedForEachMessage() {
    assertTrue(JmsSubscriberSampler.batchedAcks("batches"));
    assertTrue(JmsSubscriberSampler.batchedAcks(" "));
    assertFalse(JmsSubscriberSampler.batchedAcks("each"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> JmsSubscriberSampler.batchedAcks("x"));
    assertEquals(
        "acknowledge is batches (in batches, as the IE's clients) or each (one acknowledgement"
            + " per message), not x",
        e.getMessage());
  }
}
