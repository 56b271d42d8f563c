package org.instrumentelement.ie.pubsub.security;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.apache.activemq.command.ActiveMQTopic;
import org.apache.activemq.security.DefaultAuthorizationMap;
import org.instrumentelement.ie.config.BrokerLimits;
import org.instrumentelement.ie.pubsub.transport.Refusals;
import org.instrumentelement.ie.security.Grant;
import org.instrumentelement.ie.security.NodeAccount;
import org.instrumentelement.ie.security.PasswordLogins;
import org.instrumentelement.ie.security.User;
import org.instrumentelement.ie.security.UserStore;
import org.junit.jupiter.api.Test;

/** What the broker's rules let a sensor node's account do: write its own topic, read nothing. */
class NodeTopicRulesTest {

  @Test
  void aNodeWritesItsOwnTopicOnlyAndReadsNothing() {
    User n1 = new User("n1", null, List.of(), List.of(new NodeAccount("lab/sensors", "n1")));
    User n2 = new User("n2", null, List.of(), List.of(new NodeAccount("lab/sensors", "n2")));
    User observer = new User("obs", null, List.of(Grant.parse("observe:lab")), List.of());
    BrokerSecurity security =
        new BrokerSecurity(
            new PasswordLogins(UserStore.of(List.of(n1, n2, observer))),
            "secret",
            "ie",
            "ie",
            new BrokerLimits(262144, 500, 100, 100, 200, Duration.ofSeconds(10), 40, 1000),
            new Refusals());
    DefaultAuthorizationMap map = security.authorizationMap();
    ActiveMQTopic own = new ActiveMQTopic("ie.ie.lab.sensors.nodes.n1");
    Set<Object> writers = map.getWriteACLs(own);
    assertTrue(writers.contains(BrokerSecurity.Group.of("n1")));
    assertFalse(writers.contains(BrokerSecurity.Group.of("n2")));
    assertFalse(writers.contains(BrokerSecurity.Group.of("obs")));
    assertTrue(writers.contains(BrokerSecurity.Group.PUBLISHERS));
    Set<Object> readers = map.getReadACLs(own);
    assertFalse(readers.contains(BrokerSecurity.Group.of("n1")), "not even its own topic");
    assertTrue(readers.contains(BrokerSecurity.Group.of("obs")), "observers see raw messages");
    for (String other : List.of("ie.ie.lab.sensors.values", "ie.ie.lab.scope.waveform", "x.y")) {
      assertFalse(
          map.getWriteACLs(new ActiveMQTopic(other)).contains(BrokerSecurity.Group.of("n1")),
          other);
    }
  }
}
