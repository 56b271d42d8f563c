package org.instrumentelement.ie.pubsub.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.apache.activemq.command.ActiveMQDestination;
import org.apache.activemq.command.ActiveMQQueue;
import org.apache.activemq.command.ActiveMQTempQueue;
import org.apache.activemq.command.ActiveMQTempTopic;
import org.apache.activemq.command.ActiveMQTopic;
import org.junit.jupiter.api.Test;

class PublishTargetTest {
  @Test
  void oneExactTopicOrTemporaryDestinationIsATarget() {
    for (ActiveMQDestination d :
        List.of(
            new ActiveMQTopic("ie.ie.lab.sensors.nodes.n1"),
            new ActiveMQTopic("ActiveMQ.Advisory.Chat"),
            new ActiveMQTempQueue("ID:host-40000-1700000000000-1:1:1"),
            new ActiveMQTempTopic("ID:host-40000-1700000000000-1:1:2"))) {
      assertEquals(Optional.empty(), PublishTarget.refusal(d), d.toString());
    }
  }

  @Test
  void wildcardsCompositesAndQueuesAreNot() {
    for (String name :
        List.of(
            "ie.ie.lab.sensors.nodes.*",
            "ie.ie.lab.>",
            ">",
            "ie.*.lab.sensors.nodes.n1",
            "ie.ie.lab.sensors.nodes.n1*")) {
      assertTrue(
          PublishTarget.refusal(new ActiveMQTopic(name)).orElseThrow().contains("wildcard"), name);
    }
    for (String name :
        List.of(
            "ie.ie.lab.sensors.nodes.n1,ie.ie.lab.sensors.nodes.n2",
            "ie.ie.lab.sensors.nodes.n1,queue://q",
            "ie.ie.lab.sensors.nodes.n1,ie.ie.lab.>")) {
      assertTrue(
          PublishTarget.refusal(new ActiveMQTopic(name)).orElseThrow().contains("composite"), name);
    }
    assertTrue(PublishTarget.refusal(new ActiveMQQueue("anything")).isPresent());
    assertTrue(PublishTarget.refusal(null).isPresent());
  }
}
