package org.instrumentelement.ie.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The forms docs/subscriptions.md, "Topics", gives as examples. */
class TopicNamesTest {
  @Test
  void anAttributesTopicInEachProtocol() {
    String topic = TopicNames.topic(TopicNames.DEFAULT_PREFIX, "ie", "lab/scope", "waveform");
    assertEquals("ie.ie.lab.scope.waveform", topic);
    assertEquals("/topic/ie.ie.lab.scope.waveform", TopicNames.stompDestination(topic));
    assertEquals("ie/ie/lab/scope/waveform", TopicNames.mqttTopic(topic));
    assertEquals("ie.ie.lab", TopicNames.subtree("ie", "ie", "lab"));
  }
}
