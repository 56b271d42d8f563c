package org.instrumentelement.ie.pubsub.security;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.apache.activemq.advisory.AdvisorySupport;
import org.apache.activemq.broker.ConnectionContext;
import org.apache.activemq.command.ActiveMQMessage;
import org.apache.activemq.command.ActiveMQTopic;
import org.instrumentelement.ie.pubsub.transport.ClientProtocol;
import org.junit.jupiter.api.Test;

class AdvisoryDeliveryTest {
  static ConnectionContext client(boolean admin, ClientProtocol protocol) {
    ConnectionContext c = new ConnectionContext();
    c.setSecurityContext(
        new BrokerClient(
            new BrokerLogin.Identity("u", false, admin, Set.of()),
            protocol,
            String.valueOf(protocol),
            "127.0.0.1:1",
            10));
    return c;
  }

  static ActiveMQMessage to(ActiveMQTopic topic) {
    ActiveMQMessage m = new ActiveMQMessage();
    m.setDestination(topic);
    return m;
  }

  @Test
  void advisoriesReachOnlyAdministratorsOverOpenWire() {
    AdvisoryDelivery policy = new AdvisoryDelivery();
    ActiveMQMessage advisory = to(AdvisorySupport.TEMP_QUEUE_ADVISORY_TOPIC);
    ActiveMQMessage sample = to(new ActiveMQTopic("ie.ie.lab.scope.waveform"));
    assertTrue(policy.isAllowedToConsume(client(false, ClientProtocol.OPENWIRE), sample));
    assertFalse(policy.isAllowedToConsume(client(false, ClientProtocol.OPENWIRE), advisory));
    assertTrue(policy.isAllowedToConsume(client(true, ClientProtocol.OPENWIRE), advisory));
    assertFalse(policy.isAllowedToConsume(client(true, ClientProtocol.STOMP), advisory));
    assertFalse(policy.isAllowedToConsume(new ConnectionContext(), advisory), "no login");
  }

  @Test
  void aMessageThatNamesNoDestinationIsDeliveredOnlyWhereAnAdvisoryWouldBe() {
    AdvisoryDelivery policy = new AdvisoryDelivery();
    ActiveMQMessage nowhere = new ActiveMQMessage();
    assertFalse(policy.isAllowedToConsume(client(false, ClientProtocol.MQTT), nowhere));
    assertTrue(policy.isAllowedToConsume(client(true, ClientProtocol.OPENWIRE), nowhere));
  }
}
